/**
 * Why a baseline could not be read. Each has a stable `code` for machines and a message that says
 * what to do (the commonest: a shallow checkout that lacks the base commit).
 */
export type BaselineErrorCode =
  | 'baseline_ref_invalid' // the REF text itself is refused (option-like, control characters, too long)
  | 'baseline_not_git' // the working directory is not inside a git work tree, or git is missing
  | 'baseline_ref_missing' // REF does not name a commit here (shallow clone, not fetched, typo)
  | 'baseline_path_invalid' // a --scenarios path lies outside the repository
  | 'baseline_too_large' // a file, or all files together, exceed the loader's bounds
  | 'baseline_git_failed'; // git failed for another reason (its stderr is quoted)

export class BaselineError extends Error {
  override readonly name = 'BaselineError';
  constructor(
    readonly code: BaselineErrorCode,
    message: string,
  ) {
    super(message);
  }
}
