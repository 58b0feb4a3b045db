/**
 * A repository whose branch is behind its base (docs/guard.md#which-base): `main` holds the `docs`
 * scenario; `feat` leaves it there and changes a README; then `main` gains the `other` scenario,
 * which `feat` never saw. HEAD is `feat`'s tip (a head checkout, not GitHub's merge commit).
 */
import { git, scenario, writeFiles } from './baseline-repo.js';

export interface BehindRepo {
  /** Where `feat` left `main`: the merge base. */
  readonly forkSha: string;
  /** `main`'s tip, with the `other` scenario. */
  readonly baseSha: string;
  /** `feat`'s tip, checked out. */
  readonly headSha: string;
}

export function behindRepo(dir: string): BehindRepo {
  git(dir, 'init', '-q', '-b', 'main');
  writeFiles(dir, { 'scenarios/docs.yaml': scenario() });
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'base');
  const forkSha = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '-q', '-b', 'feat');
  writeFiles(dir, { 'README.md': 'feat\n' });
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'feat');
  const headSha = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '-q', 'main');
  writeFiles(dir, { 'scenarios/other.yaml': scenario({ name: 'other' }) });
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'main gains a scenario');
  const baseSha = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '-q', 'feat');
  return { forkSha, baseSha, headSha };
}

/** GitHub's merge commit of the head onto the base: parents base, head; HEAD detached at it. */
export function mergeCommitOf(dir: string, repo: BehindRepo): string {
  git(dir, 'checkout', '-q', '--detach', repo.baseSha);
  git(dir, 'merge', '-q', '--no-ff', '-m', 'Merge feat into main', repo.headSha);
  return git(dir, 'rev-parse', 'HEAD');
}
