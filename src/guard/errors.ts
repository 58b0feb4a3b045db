/**
 * Why a baseline could not be read. Each has a stable `code` for machines and a message that says
 * what to do (the commonest: a shallow checkout that lacks the base commit).
 */
import { BenchError } from '../lib/errors.js';

export type BaselineErrorCode =
  | 'baseline_ref_invalid' // the REF text itself is refused (option-like, control characters, too long)
  | 'baseline_not_git' // the working directory is not inside a git work tree, or git is missing
  | 'baseline_ref_missing' // REF does not name a commit here (shallow clone, not fetched, typo)
  | 'baseline_path_invalid' // a --scenarios path lies outside the repository
  | 'baseline_too_large' // a file, or all files together, exceed the loader's bounds
  | 'baseline_merge_base_missing' // no merge base of HEAD and the base can be proven here (shallow clone, unrelated histories)
  | 'baseline_git_failed'; // git failed for another reason (its stderr is quoted)

/**
 * Every code is the user's to fix (`input`: exit 2, as a bad flag): the REF, the checkout, the
 * `--scenarios` paths or git on PATH, all named by the step or the command line. A git failure
 * quotes git's own stderr for the same reason; it is not the benchmark's machinery failing.
 */
export class BaselineError extends BenchError {
  override readonly name = 'BaselineError';
  readonly kind = 'input' as const;
  constructor(
    readonly code: BaselineErrorCode,
    message: string,
  ) {
    super(message);
  }
}
