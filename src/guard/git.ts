/**
 * The scenario files as they are at a git ref, read without touching the working tree: `git
 * rev-parse` names the commit, `git ls-tree` lists what the `--scenarios` inputs were there (with
 * sizes, so that a large blob is refused before a byte of it is read) and `git cat-file blob`
 * reads each file by its object id. git runs through execFile (no shell), with option-like refs
 * refused and every path given after `--`.
 */
import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { byCodeUnits, isScenarioFileName, isSkippedFolder } from '../scenario/files.js';
import { BaselineError } from './errors.js';

export interface GitFile {
  /** As the head's loader names it (`scenarios/x.yaml`): base and head messages line up. */
  readonly display: string;
  /** Repository-relative path at the ref, `/`-separated. */
  readonly path: string;
  readonly text: string;
  readonly bytes: number;
}

export interface GitBounds {
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
  readonly maxFiles: number;
}

const MAX_REF_CHARS = 256;
const GIT_TIMEOUT_MS = 60_000;
const LIST_MAX_BYTES = 16 * 1024 * 1024;
const SYMLINK_MODE = '120000';

/** Exec git in `cwd`; stdout as a Buffer, at most `maxBytes`. */
function git(cwd: string, args: readonly string[], maxBytes: number, input?: string): Promise<Buffer> {
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
async function topLevel(cwd: string): Promise<string> {
  try {
    const out = await git(cwd, ['rev-parse', '--show-toplevel'], 64 * 1024);
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
    const out = await git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], 64 * 1024);
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
async function resolveCommit(top: string, ref: string, fetch: boolean): Promise<string> {
  const found = await revParse(top, ref);
  if (found !== undefined) return found;
  let fetchProblem = '';
  if (fetch) {
    try {
      await git(top, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--depth=1', 'origin', '--end-of-options', ref], 1024 * 1024);
      const fetched = (await revParse(top, ref)) ?? (await revParse(top, `origin/${ref}`));
      if (fetched !== undefined) return fetched;
    } catch (e) {
      fetchProblem = ` (fetching it from origin failed: ${(e as Error).message.split('\n')[0]})`;
    }
  }
  let shallow = false;
  try {
    shallow = (await git(top, ['rev-parse', '--is-shallow-repository'], 1024)).toString('utf8').trim() === 'true';
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
async function lsTree(top: string, commit: string, path: string, recursive = false): Promise<TreeEntry[]> {
  try {
    // git runs in the top folder, so paths are repository-relative; '' lists the root itself.
    const args = ['ls-tree', '-z', '--long', ...(recursive ? ['-r'] : []), commit, ...(path === '' ? [] : ['--', path])];
    return parseTree(await git(top, args, LIST_MAX_BYTES));
  } catch (e) {
    throw new BaselineError('baseline_git_failed', `git ls-tree ${commit.slice(0, 12)} -- ${path} failed: ${(e as Error).message}`);
  }
}

export interface BaselineFiles {
  readonly commit: string;
  readonly files: readonly GitFile[];
  /** Inputs that did not exist at the ref (every scenario in them is new). */
  readonly missing: readonly string[];
  /**
   * Symlinks to folders inside the inputs' folders (named as the loader names files): the head's
   * loader refuses them rather than read through them, so a base that had one did not load.
   */
  readonly linkedFolders: readonly string[];
}

/** A file a scenario reads beside it (`from:`), as it is at the ref, or why it cannot be read there. */
export type ArtifactAtRef = { readonly text: string } | { readonly problem: string };

/**
 * One commit's tree, read with git without touching the working tree: the scenario files named by
 * `--scenarios`, and the files they name with `from:`.
 */
export interface TreeAtRef {
  readonly ref: string;
  readonly commit: string;
  /** The repository's top folder (symlinks resolved). */
  readonly top: string;
  /**
   * PATH (relative to `cwd`, or absolute) as a repository-relative, `/`-separated path, lexically
   * normalized as the loader's `resolve` is; undefined when it lies outside the repository.
   */
  repoPath(path: string): string | undefined;
  /** The scenario files of `inputs` (see readFilesAtRef). */
  scenarioFiles(inputs: readonly string[], bounds: GitBounds): Promise<Omit<BaselineFiles, 'commit'>>;
  /**
   * The file at repository path `path` as the head's loader would read it through the file system:
   * every symlink on the way (a folder's or the file's) followed inside the commit's tree. A path
   * that leaves the repository, loops, or names no regular file is a problem, never a skip. The
   * text is decoded as UTF-8 with a byte order mark kept (the caller strips it where the head does).
   */
  artifact(path: string, maxBytes: number): Promise<ArtifactAtRef>;
}

/** What `git cat-file --batch-check --follow-symlinks` says of one `COMMIT:PATH`. */
type Lookup =
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
async function lookupAt(top: string, commit: string, path: string): Promise<Lookup> {
  let out: Buffer;
  try {
    out = await git(top, ['cat-file', '--batch-check', '--follow-symlinks'], 64 * 1024, `${commit}:${path}\n`);
  } catch (e) {
    throw new BaselineError('baseline_git_failed', `git cat-file ${commit.slice(0, 12)}:${path} failed: ${(e as Error).message}`);
  }
  return parseBatchCheck(out, 1)[0]!;
}

/**
 * Opens the tree of the commit `ref` names in the repository that holds `cwd` (fetching that one
 * commit from origin when `fetch` is set and this clone lacks it).
 */
export async function openTreeAtRef(ref: string, cwd: string, options: { fetch?: boolean } = {}): Promise<TreeAtRef> {
  checkRef(ref);
  const top = await topLevel(cwd);
  const commit = await resolveCommit(top, ref, options.fetch ?? false);
  const realCwd = await realpath(cwd).catch(() => resolve(cwd));
  const repoPath = (p: string): string | undefined => {
    if (p.includes('\0')) return undefined;
    const rel = relative(top, resolve(realCwd, p));
    if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
    return rel.split(sep).join('/');
  };
  const lookup = (path: string): Promise<Lookup> => lookupAt(top, commit, path);
  return {
    ref,
    commit,
    top,
    repoPath,
    scenarioFiles: (inputs, bounds) => scenarioFilesAt(top, commit, ref, realCwd, inputs, bounds),
    async artifact(path, maxBytes) {
      // A newline would end the query early; a control character names no file anyone wrote.
      if (/[\x00-\x1f\x7f]/.test(path)) return { problem: 'not a path (it holds a control character)' };
      const found = await lookup(path);
      switch (found.kind) {
        case 'missing':
        case 'dangling':
        case 'notdir':
          return { problem: `no such file at ${ref}` };
        case 'loop':
          return { problem: `at ${ref}, a symlink on its path loops (or more than 40 links are followed)` };
        case 'outside':
          return { problem: `at ${ref}, a symlink on its path leads out of the repository (${JSON.stringify(found.target.slice(0, 60))}): only files inside it have a version at a git ref` };
        case 'object':
          break;
      }
      if (found.type !== 'blob') return { problem: `at ${ref}, it is a ${found.type === 'tree' ? 'folder' : found.type}, not a regular file` };
      if (found.size > maxBytes) return { problem: `${found.size} bytes at ${ref}; the limit is ${maxBytes} bytes` };
      let buf: Buffer;
      try {
        buf = await git(top, ['cat-file', 'blob', found.object], maxBytes + 1);
      } catch (e) {
        throw new BaselineError('baseline_git_failed', `cannot read ${path} at ${ref}: ${(e as Error).message}`);
      }
      try {
        return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf) };
      } catch {
        return { problem: `not UTF-8 text at ${ref}` };
      }
    },
  };
}

/**
 * Reads the scenario files named by `inputs` (files or folders, relative to `cwd`, as the loader
 * takes them; the built-in suite is left to the caller) as they are at `ref`. A folder is read with
 * the folders below it, skipped ones excepted, in the loader's order, so that base and head name
 * and order the same files alike.
 */
export async function readFilesAtRef(
  ref: string,
  inputs: readonly string[],
  cwd: string,
  bounds: GitBounds,
  options: { fetch?: boolean } = {},
): Promise<BaselineFiles> {
  const tree = await openTreeAtRef(ref, cwd, options);
  return { commit: tree.commit, ...(await tree.scenarioFiles(inputs, bounds)) };
}

async function scenarioFilesAt(
  top: string,
  commit: string,
  ref: string,
  realCwd: string,
  inputs: readonly string[],
  bounds: GitBounds,
): Promise<Omit<BaselineFiles, 'commit'>> {
  const files: GitFile[] = [];
  const missing: string[] = [];
  const linkedFolders: string[] = [];
  const seen = new Set<string>();
  let total = 0;
  /**
   * A symlink named as a scenario file leads to the file the head's loader reads through it; the
   * base must read that file too, or its scenario would look added and escape the comparison.
   * Followed inside the commit's tree only (lookupAt): a link out of the repository, to nothing,
   * to a folder, or in a loop is refused.
   */
  const followLink = async (repoPath: string, display: string): Promise<{ object: string; size: number }> => {
    const refuse = (why: string): BaselineError => new BaselineError('baseline_path_invalid', `${display} at ${ref} is a symlink ${why}`);
    const found = await lookupAt(top, commit, repoPath);
    switch (found.kind) {
      case 'outside':
        throw refuse(`that leads out of the repository (${JSON.stringify(found.target.slice(0, 80))}): only files inside it have a version at a git ref`);
      case 'loop':
        throw refuse('in a loop (or through more than 40 links)');
      case 'missing':
      case 'dangling':
      case 'notdir':
        throw refuse('to nothing there');
      case 'object':
        if (found.type !== 'blob') throw refuse(`to a ${found.type === 'tree' ? 'folder' : found.type}, which is not a file`);
        return { object: found.object, size: found.size };
    }
  };
  /** `repoPath`: the file's path in the repository as the head's loader names it (symlinks unresolved). */
  const read = async (listed: TreeEntry, repoPath: string, display: string): Promise<void> => {
    if (seen.has(repoPath)) return;
    seen.add(repoPath);
    if (listed.type !== 'blob') return; // a submodule: another repository's files
    const { object, size: known } = listed.mode === SYMLINK_MODE ? await followLink(repoPath, display) : { object: listed.object, size: listed.size };
    const size = known ?? Infinity;
    if (size > bounds.maxFileBytes) {
      throw new BaselineError('baseline_too_large', `${display} at ${ref}: ${size} bytes is over the ${bounds.maxFileBytes}-byte limit of a scenario file`);
    }
    total += size;
    if (total > bounds.maxTotalBytes) throw new BaselineError('baseline_too_large', `scenario files at ${ref} together exceed ${bounds.maxTotalBytes} bytes`);
    if (files.length >= bounds.maxFiles) throw new BaselineError('baseline_too_large', `more than ${bounds.maxFiles} scenario files at ${ref}`);
    let buf: Buffer;
    try {
      buf = await git(top, ['cat-file', 'blob', object], bounds.maxFileBytes + 1);
    } catch (e) {
      throw new BaselineError('baseline_git_failed', `cannot read ${display} at ${ref}: ${(e as Error).message}`);
    }
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buf);
    } catch {
      throw new BaselineError('baseline_git_failed', `${display} at ${ref} is not valid UTF-8 text`);
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    files.push({ display, path: repoPath, text, bytes: buf.length });
  };
  /**
   * Folder `tree` (an object id; the commit for the root), named `path` in the repository and
   * `shown` by the user: its scenario files, and, as the head's walk reports them, its symlinks to
   * folders.
   */
  const readFolder = async (tree: string, path: string, shown: string): Promise<void> => {
    const prefix = shown.endsWith('/') || shown.endsWith(sep) ? shown : `${shown}/`;
    const under = path === '' ? '' : `${path}/`;
    const entries = await lsTree(top, tree, '', true);
    for (const { entry, rel } of scenarioEntries(entries, '')) await read(entry, `${under}${rel}`, `${prefix}${rel}`);
    const links: string[] = [];
    for (const e of entries) {
      const parts = e.path.split('/');
      if (e.mode !== SYMLINK_MODE || isScenarioFileName(parts[parts.length - 1]!) || parts.some(isSkippedFolder)) continue;
      const found = await lookupAt(top, commit, `${under}${e.path}`);
      if (found.kind === 'object' && found.type === 'tree') links.push(`${prefix}${e.path}`);
    }
    linkedFolders.push(...links.sort(byCodeUnits));
  };

  for (const input of inputs) {
    if (input.includes('\0')) throw new BaselineError('baseline_path_invalid', `--scenarios ${JSON.stringify(input)} is not a path`);
    const abs = resolve(realCwd, input);
    const rel = relative(top, abs);
    if (rel.startsWith('..') || isAbsolute(rel)) {
      throw new BaselineError('baseline_path_invalid', `--scenarios ${input} is outside the repository (${top}): it has no version at a git ref`);
    }
    const path = rel.split(sep).join('/');
    if (path === '') {
      await readFolder(commit, '', input);
      continue;
    }
    if (/[\x00-\x1f\x7f]/.test(path)) throw new BaselineError('baseline_path_invalid', `--scenarios ${JSON.stringify(input)} holds a control character`);
    // Through every symlink on the way, as the head's loader reaches it through the file system.
    const found = await lookupAt(top, commit, path);
    switch (found.kind) {
      case 'missing':
      case 'dangling':
      case 'notdir':
        missing.push(input);
        continue;
      case 'loop':
        throw new BaselineError('baseline_path_invalid', `--scenarios ${input} at ${ref}: a symlink on its path loops (or more than 40 links are followed)`);
      case 'outside':
        throw new BaselineError('baseline_path_invalid', `--scenarios ${input} at ${ref}: a symlink on its path leads out of the repository (${JSON.stringify(found.target.slice(0, 80))}): only files inside it have a version at a git ref`);
      case 'object':
        if (found.type === 'tree') await readFolder(found.object, path, input);
        else if (found.type === 'blob') await read({ mode: '100644', type: 'blob', object: found.object, size: found.size, path }, path, input);
    }
  }
  return { files, missing, linkedFolders };
}

/**
 * The scenario files of a recursive listing of folder `base` (`dir/`, or '' for the root), as the
 * head's loader picks them (files.ts walkScenarioTree): named `*.yaml`/`*.yml` in any case, not
 * below a hidden folder or `node_modules`, sorted by their path below `base`.
 */
export function scenarioEntries(entries: readonly TreeEntry[], base: string): { entry: TreeEntry; rel: string }[] {
  return entries
    .filter((e) => e.path.startsWith(base))
    .map((entry) => ({ entry, rel: entry.path.slice(base.length) }))
    .filter(({ entry, rel }) => {
      const parts = rel.split('/');
      return entry.type === 'blob' && isScenarioFileName(parts[parts.length - 1]!) && !parts.slice(0, -1).some(isSkippedFolder);
    })
    .sort((a, b) => byCodeUnits(a.rel, b.rel));
}
