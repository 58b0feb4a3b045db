/**
 * git itself, for the guard: run it (no shell, bounded output, never a prompt), name the commit a
 * ref names (fetching that one commit when asked), list a tree with sizes (`git ls-tree`, so that a
 * large blob is refused before a byte of it is read) and say what a path names in a commit's tree,
 * symlinks followed (`git cat-file --batch-check --follow-symlinks`). Option-like refs are refused
 * and every path is given after `--`. What is read, and how the loader would read it, is
 * tree-at-ref.ts and scenario-files-at-ref.ts.
 */
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { BaselineError } from './errors.js';

const MAX_REF_CHARS = 256;
const GIT_TIMEOUT_MS = 60_000;
const LIST_MAX_BYTES = 16 * 1024 * 1024;
/** A tree entry's mode for a symlink. */
export const SYMLINK_MODE = '120000';

/** Exec git in `cwd`; stdout as a Buffer, at most `maxBytes`. */
export function runGit(cwd: string, args: readonly string[], maxBytes: number, input?: string): Promise<Buffer> {
  return new Promise((resolveP, reject) => {
    const child = execFile(
      'git',
      args,
      {
        cwd,
        encoding: 'buffer',
        maxBuffer: maxBytes,
        timeout: GIT_TIMEOUT_MS,
        windowsHide: true,
        // Never prompt for credentials; messages in English so that they can be quoted; a path is
        // a path, never a pathspec pattern (`*`, `:(glob)`).
        env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', GIT_LITERAL_PATHSPECS: '1' },
      },
      (error, stdout, stderr) => {
        if (error) {
          const err = error as NodeJS.ErrnoException & { code?: unknown };
          const text = Buffer.isBuffer(stderr) ? stderr.toString('utf8').trim() : '';
          reject(Object.assign(new Error(text || err.message), { gitCode: err.code }));
        } else resolveP(stdout);
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** REF as typed by a user or taken from an event: refused when git could read it as an option. */
export function checkRef(ref: string): void {
  const bad =
    ref.length === 0 ||
    ref.length > MAX_REF_CHARS ||
    ref.startsWith('-') ||
    ref.includes(':') || // would turn `REF:path` into another path
    /[\s\x00-\x1f\x7f]/.test(ref);
  if (bad) {
    throw new BaselineError(
      'baseline_ref_invalid',
      `--baseline: '${ref.slice(0, 80)}' is not a git ref (1 to ${MAX_REF_CHARS} characters, no whitespace, ':' or leading '-')`,
    );
  }
}

/** The repository's top folder, or a clear error when `cwd` is not in a work tree. */
export async function topLevel(cwd: string): Promise<string> {
  try {
    const out = await runGit(cwd, ['rev-parse', '--show-toplevel'], 64 * 1024);
    return await realpath(out.toString('utf8').trim());
  } catch (e) {
    const missing = (e as { gitCode?: unknown }).gitCode === 'ENOENT';
    throw new BaselineError(
      'baseline_not_git',
      missing
        ? '--baseline needs git, which is not installed or not on PATH'
        : `--baseline needs a git work tree, and ${cwd} is not in one (${(e as Error).message})`,
    );
  }
}

async function revParse(top: string, ref: string): Promise<string | undefined> {
  try {
    const out = await runGit(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], 64 * 1024);
    const sha = out.toString('utf8').trim();
    return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(sha) ? sha : undefined;
  } catch {
    return undefined;
  }
}

/**
 * REF → the commit it names. When it is missing and `fetch` is allowed, the one commit is fetched
 * from `origin` (depth 1: only the files at REF are needed, not its history), as actions/checkout
 * itself fetches a pull request's commit. Otherwise, or when that fails, a shallow clone is told
 * what to set.
 */
export async function resolveCommit(top: string, ref: string, fetch: boolean): Promise<string> {
  const found = await revParse(top, ref);
  if (found !== undefined) return found;
  let fetchProblem = '';
  if (fetch) {
    try {
      await runGit(
        top,
        ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--depth=1', 'origin', '--end-of-options', ref],
        1024 * 1024,
      );
      const fetched = (await revParse(top, ref)) ?? (await revParse(top, `origin/${ref}`));
      if (fetched !== undefined) return fetched;
    } catch (e) {
      fetchProblem = ` (fetching it from origin failed: ${(e as Error).message.split('\n')[0]})`;
    }
  }
  let shallow: boolean;
  try {
    shallow = (await runGit(top, ['rev-parse', '--is-shallow-repository'], 1024)).toString('utf8').trim() === 'true';
  } catch {
    shallow = false;
  }
  throw new BaselineError(
    'baseline_ref_missing',
    shallow
      ? `--baseline ${ref}: this is a shallow clone and ${ref} is not in it. Check out with full history ` +
          '(actions/checkout: `fetch-depth: 0`), or fetch the base first (`git fetch --depth=1 origin ' +
          `${ref}\`)${fetchProblem}`
      : `--baseline ${ref}: no such commit in this repository (fetch it first, e.g. \`git fetch origin ${ref}\`)${fetchProblem}`,
  );
}

export interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  size: number | undefined;
  path: string;
}

/** `git ls-tree -z --long` output: `<mode> <type> <object> <size>\t<path>\0`. */
function parseTree(out: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  for (const record of out.toString('utf8').split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    const [mode, type, object, size] = record.slice(0, tab).trim().split(/ +/);
    if (tab < 0 || !mode || !type || !object) continue;
    entries.push({ mode, type, object, size: size === '-' || size === undefined ? undefined : Number(size), path: record.slice(tab + 1) });
  }
  return entries;
}

/** One tree entry (`path`), or with `recursive` every blob below folder `path` (`dir/`; '' the root). */
export async function lsTree(top: string, commit: string, path: string, recursive = false): Promise<TreeEntry[]> {
  try {
    // git runs in the top folder, so paths are repository-relative; '' lists the root itself.
    const args = ['ls-tree', '-z', '--long', ...(recursive ? ['-r'] : []), commit, ...(path === '' ? [] : ['--', path])];
    return parseTree(await runGit(top, args, LIST_MAX_BYTES));
  } catch (e) {
    throw new BaselineError('baseline_git_failed', `git ls-tree ${commit.slice(0, 12)} -- ${path} failed: ${(e as Error).message}`);
  }
}

/** What `git cat-file --batch-check --follow-symlinks` says of one `COMMIT:PATH`. */
export type Lookup =
  | { readonly kind: 'object'; readonly object: string; readonly type: string; readonly size: number }
  | { readonly kind: 'missing' | 'loop' | 'dangling' | 'notdir' }
  | { readonly kind: 'outside'; readonly target: string };

/**
 * `git cat-file --batch-check --follow-symlinks` output for `count` queries. Each answer is a line;
 * `symlink`, `loop`, `dangling` and `notdir` are followed by SIZE bytes and a newline (a symlink
 * leading out of the tree: its target, which may hold any byte).
 */
export function parseBatchCheck(out: Buffer, count: number): Lookup[] {
  const answers: Lookup[] = [];
  let at = 0;
  const line = (): string => {
    const end = out.indexOf(0x0a, at);
    if (end < 0) throw new Error('truncated git cat-file output');
    const text = out.subarray(at, end).toString('utf8');
    at = end + 1;
    return text;
  };
  while (answers.length < count) {
    const first = line();
    const extra = /^(symlink|loop|dangling|notdir) (\d+)$/.exec(first);
    if (extra) {
      const size = Number(extra[2]);
      const body = out.subarray(at, at + size).toString('utf8');
      at += size + 1;
      answers.push(extra[1] === 'symlink' ? { kind: 'outside', target: body } : { kind: extra[1] as 'loop' | 'dangling' | 'notdir' });
      continue;
    }
    if (first.endsWith(' missing') || first.endsWith(' ambiguous')) {
      answers.push({ kind: 'missing' });
      continue;
    }
    const m = /^([0-9a-f]{40}(?:[0-9a-f]{24})?) (\w+) (\d+)$/.exec(first);
    if (!m) throw new Error(`unexpected git cat-file output: ${JSON.stringify(first.slice(0, 80))}`);
    answers.push({ kind: 'object', object: m[1]!, type: m[2]!, size: Number(m[3]) });
  }
  return answers;
}

/**
 * What PATH names in `commit`'s tree, every symlink on the way followed: git follows the symlinks
 * of the tree itself (40 at most, as Linux does), and names a link that leaves the tree instead of
 * following it.
 */
export async function lookupAt(top: string, commit: string, path: string): Promise<Lookup> {
  let out: Buffer;
  try {
    out = await runGit(top, ['cat-file', '--batch-check', '--follow-symlinks'], 64 * 1024, `${commit}:${path}\n`);
  } catch (e) {
    throw new BaselineError('baseline_git_failed', `git cat-file ${commit.slice(0, 12)}:${path} failed: ${(e as Error).message}`);
  }
  return parseBatchCheck(out, 1)[0]!;
}
