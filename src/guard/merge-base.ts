/**
 * The merge base of the head and a base commit (docs/guard.md#which-base): what `git diff
 * BASE...HEAD` compares, so that a branch behind its base is not charged with removing what the
 * base gained after the branch left it. Computed by git, and only trusted when the history above it
 * is complete: in a shallow clone the nearest common ancestor may lie beyond the shallow boundary,
 * and git would then answer an older one (or none). So the answer is checked, the history is
 * deepened from origin a bounded number of times when asked, and a merge base that still cannot be
 * proven fails closed with what to set.
 */
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { BaselineError } from './errors.js';
import { runGit } from './git.js';

/** Commits fetched above the shallow boundary at each try (cumulative ~5,000), then the run fails closed. */
const DEEPEN_STEPS = [50, 450, 4500] as const;
const LIST_MAX_BYTES = 16 * 1024 * 1024;
const SHA = /^[0-9a-f]{40}([0-9a-f]{24})?$/;

export interface MergeBase {
  /** The merge base git picks (`git merge-base`), the one `git diff BASE...HEAD` uses. */
  readonly commit: string;
  /** How many best common ancestors there are (more than one after criss-cross merges). */
  readonly count: number;
}

function shas(out: Buffer): string[] {
  return out
    .toString('utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => SHA.test(l));
}

/** `git merge-base --all`: [] when git finds no common ancestor (its exit code 1). */
async function mergeBases(top: string, head: string, base: string): Promise<string[]> {
  try {
    return shas(await runGit(top, ['merge-base', '--all', '--end-of-options', head, base], 64 * 1024));
  } catch (e) {
    if ((e as { gitCode?: unknown }).gitCode === 1) return [];
    throw new BaselineError(
      'baseline_git_failed',
      `git merge-base ${head.slice(0, 12)} ${base.slice(0, 12)} failed: ${(e as Error).message}`,
    );
  }
}

/** The commits whose parents this clone does not have (`.git/shallow`); empty in a full clone. */
async function shallowCommits(top: string): Promise<Set<string>> {
  const path = (await runGit(top, ['rev-parse', '--git-path', 'shallow'], 64 * 1024)).toString('utf8').trim();
  try {
    return new Set(shas(Buffer.from(await readFile(isAbsolute(path) ? path : join(top, path), 'utf8'))));
  } catch (e) {
    // No file: a full clone. Any other failure leaves the clone's depth unknown: fail closed, not "full".
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return new Set();
    throw new BaselineError(
      'baseline_git_failed',
      `cannot read ${path}, which says whether this clone is shallow: ${(e as Error).message}`,
    );
  }
}

/**
 * True when some commit between the tips and the merge bases has its parents cut off by the
 * shallow boundary: a nearer common ancestor may hide behind it, so git's answer is not proven.
 */
async function cutAbove(top: string, tips: readonly string[], bases: readonly string[], shallow: ReadonlySet<string>): Promise<boolean> {
  const above = shas(await runGit(top, ['rev-list', ...tips, '--not', ...bases], LIST_MAX_BYTES));
  return above.some((c) => shallow.has(c));
}

/** Fetches `step` more commits of history below the shallow boundary of both tips. */
async function deepen(top: string, tips: readonly string[], step: number): Promise<string | undefined> {
  try {
    await runGit(
      top,
      ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', `--deepen=${step}`, 'origin', '--end-of-options', ...tips],
      1024 * 1024,
    );
    return undefined;
  } catch (e) {
    return (e as Error).message.split('\n')[0];
  }
}

/**
 * The merge base of commits `head` and `base` (both present in the clone), `baseName` naming the
 * base in messages. `fetch`: a shallow clone may deepen its history from origin to find it.
 */
export async function mergeBaseOf(top: string, head: string, base: string, baseName: string, fetch: boolean): Promise<MergeBase> {
  try {
    return await findMergeBase(top, head, base, baseName, fetch);
  } catch (e) {
    if (e instanceof BaselineError) throw e;
    // git failed otherwise (a history too long to list within the bound, a broken repository): fail closed.
    throw new BaselineError(
      'baseline_git_failed',
      `the merge base of HEAD and ${baseName} could not be computed: ${(e as Error).message.split('\n')[0]}`,
    );
  }
}

async function findMergeBase(top: string, head: string, base: string, baseName: string, fetch: boolean): Promise<MergeBase> {
  let fetched = 0;
  let fetchProblem: string | undefined;
  for (let round = 0; ; round++) {
    const bases = await mergeBases(top, head, base);
    const shallow = await shallowCommits(top);
    if (bases.length > 0 && (shallow.size === 0 || !(await cutAbove(top, [head, base], bases, shallow)))) {
      // `git merge-base` (without --all) names the one `git diff BASE...HEAD` uses.
      const [picked] = shas(await runGit(top, ['merge-base', '--end-of-options', head, base], 64 * 1024));
      return { commit: picked ?? bases[0]!, count: bases.length };
    }
    if (shallow.size === 0) {
      throw new BaselineError(
        'baseline_merge_base_missing',
        `HEAD and ${baseName} have no common ancestor (unrelated histories): there is no merge base to compare with; name the commit to compare with instead`,
      );
    }
    const step = DEEPEN_STEPS[round];
    if (!fetch || step === undefined || fetchProblem !== undefined) {
      const tried = fetched > 0 ? ` (${fetched} more commits of history were fetched from origin, and it is still beyond them)` : '';
      const failed = fetchProblem !== undefined ? ` (fetching more history from origin failed: ${fetchProblem})` : '';
      throw new BaselineError(
        'baseline_merge_base_missing',
        `this is a shallow clone and the merge base of HEAD and ${baseName} is not in it${tried}${failed}. Check out with full history ` +
          '(actions/checkout: `fetch-depth: 0`), or fetch more history first (`git fetch --unshallow origin`)',
      );
    }
    fetchProblem = await deepen(top, [head, base], step);
    if (fetchProblem === undefined) fetched += step;
  }
}
