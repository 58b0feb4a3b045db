/**
 * Which commit a pull request is compared with (docs/guard.md#which-base), decided from the event
 * and the checkout. GitHub's merge commit (HEAD a merge whose parents are the base and the pull
 * request's head) holds the base as its first parent: that is the base. Any other checkout (the
 * head itself, `ref: ${{ github.event.pull_request.head.sha }}`, or a commit the workflow made) is
 * compared with the merge base of HEAD and the base, so that a branch behind its base is not
 * charged with removing what the base gained after it left. The reason is said in the log, the
 * results (`baseline.reason`), the report and the comment.
 */
import { resolveCommit, topLevel } from '../guard/git.js';
import { mergeBaseOf } from '../guard/merge-base.js';
import { headCommit } from '../guard/which-base.js';
import { shortSha } from './pull-request.js';

export interface PullRequestBase {
  /** `pull_request.base.sha`. */
  readonly baseSha: string;
  /** `pull_request.head.sha`, when the event names it. */
  readonly headSha?: string | undefined;
  /** `pull_request.base.ref` (a branch name), when the event names it. */
  readonly baseName?: string | undefined;
}

export interface ChosenPullRequestBase {
  /** The commit to compare with. */
  readonly ref: string;
  /** Why, in words (a sentence without its final period). */
  readonly reason: string;
}

/**
 * The base of a pull request's comparison in the repository holding `workspace`. `fetch`: a clone
 * that lacks the base, or the history down to the merge base, fetches it from origin; a merge
 * base that cannot be proven fails closed (`baseline_merge_base_missing`, merge-base.ts).
 */
export async function pullRequestBase(workspace: string, pr: PullRequestBase, fetch: boolean): Promise<ChosenPullRequestBase> {
  const top = await topLevel(workspace);
  const head = await headCommit(top);
  const name = pr.baseName ?? shortSha(pr.baseSha);
  const base = `${name} (${shortSha(pr.baseSha)})`;
  const [first, second] = head.parents;
  if (head.parents.length === 2 && pr.headSha !== undefined && second === pr.headSha && first !== undefined) {
    if (first === pr.baseSha)
      return { ref: pr.baseSha, reason: `the pull request's base ${base}: the workspace is GitHub's merge commit of the head onto it` };
    // GitHub made the merge commit on another base commit than the event names (the base moved): its own is what it holds.
    return {
      ref: first,
      reason: `${shortSha(first)}, the base GitHub's merge commit was made on: the workspace is that merge commit, and the event names ${base}, another commit of the base`,
    };
  }
  const workspaceIs =
    pr.headSha !== undefined && head.sha === pr.headSha
      ? `the workspace is the pull request's head ${shortSha(head.sha)}, not GitHub's merge commit`
      : `the workspace's HEAD ${shortSha(head.sha)} is neither GitHub's merge commit nor the pull request's head${pr.headSha !== undefined ? ` ${shortSha(pr.headSha)}` : ''}`;
  const baseCommit = await resolveCommit(top, pr.baseSha, fetch);
  const mb = await mergeBaseOf(top, head.sha, baseCommit, name, fetch);
  if (mb.commit === baseCommit) return { ref: pr.baseSha, reason: `the pull request's base ${base}, which HEAD contains: ${workspaceIs}` };
  return {
    ref: mb.commit,
    reason:
      `the merge base ${shortSha(mb.commit)} of HEAD and ${name}: ${workspaceIs}, and ${base} has commits it does not; ` +
      'what the base gained since is not this pull request’s change',
  };
}
