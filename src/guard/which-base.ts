/**
 * Which commit the guard compares with (docs/guard.md#which-base): REF itself, or the merge base of
 * HEAD and REF, what `git diff REF...HEAD` compares. The shells decide which; this reads the
 * commits with git (HEAD and its parents as the commit object records them, so that a shallow
 * checkout, whose parents are cut off, still shows what HEAD was made of).
 */
import { BaselineError } from './errors.js';
import { checkRef, resolveCommit, runGit, topLevel } from './git.js';
import { mergeBaseOf } from './merge-base.js';

export interface HeadCommit {
  readonly sha: string;
  /** The parents the commit object names (present in the clone or not). */
  readonly parents: readonly string[];
}

/** HEAD of the repository at `top`, with the parents its commit object names. */
export async function headCommit(top: string): Promise<HeadCommit> {
  let text: string;
  let sha: string;
  try {
    text = (await runGit(top, ['cat-file', 'commit', 'HEAD'], 1024 * 1024)).toString('utf8');
    sha = (await runGit(top, ['rev-parse', '--verify', 'HEAD^{commit}'], 64 * 1024)).toString('utf8').trim();
  } catch (e) {
    // A repository without a commit yet has no HEAD to compare from.
    throw new BaselineError('baseline_git_failed', `cannot read HEAD's commit: ${(e as Error).message.split('\n')[0]}`);
  }
  // The header ends at the first empty line; `parent SHA` lines name the parents in order.
  const header = text.slice(0, Math.max(0, text.indexOf('\n\n')));
  const parents = [...header.matchAll(/^parent ([0-9a-f]{40}(?:[0-9a-f]{24})?)$/gm)].map((m) => m[1]!);
  return { sha, parents };
}

/** The commit to compare with, and why it is not REF itself when it is not. */
export interface ChosenBase {
  /** What the comparison reads: REF as given, or the merge base's SHA. */
  readonly ref: string;
  /** Why this commit, in words, when it is not REF itself. */
  readonly reason?: string;
}

/**
 * The merge base of HEAD and REF (REF fetched from origin when `fetch` is set and the clone lacks
 * it). REF itself, without a reason, when HEAD already contains it: the usual case compares as before.
 */
export async function mergeBaseWithHead(ref: string, cwd: string, fetch: boolean, name: string = ref): Promise<ChosenBase> {
  checkRef(ref);
  const top = await topLevel(cwd);
  const refCommit = await resolveCommit(top, ref, fetch);
  const head = await headCommit(top);
  const mb = await mergeBaseOf(top, head.sha, refCommit, name, fetch);
  if (mb.commit === refCommit) return { ref };
  const several = mb.count > 1 ? ` (one of ${mb.count} merge bases, the one git picks)` : '';
  return {
    ref: mb.commit,
    reason:
      `the merge base of HEAD and ${name}${several}, as \`git diff ${name}...HEAD\` compares: ${name} (${refCommit.slice(0, 12)}) ` +
      'has commits HEAD does not, and what the base gained since is not this change',
  };
}
