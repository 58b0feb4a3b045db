/**
 * `--scenarios` inputs → scenario files, and reading them within bounds. A folder is read with every
 * folder below it (walkScenarioTree), so that a file moved into a subfolder is still run. Names in
 * messages are the user's own (`my-scenarios/sub/x.yaml`, not an absolute path), and a file's size
 * is checked before a byte of it is read, so a 50 MB file is refused at once.
 */
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { builtinScenariosDir } from './builtin.js';
import type { ScenarioProblem } from './errors.js';
import { MAX_FILE_BYTES, MAX_FILES, MAX_FOLDERS } from './limits.js';

export interface ScenarioFile {
  readonly display: string; // for messages: as the user gave it
  readonly abs: string;
}

export const BUILTIN = 'builtin';

/** `.yaml` and `.yml`, in any case (`.YAML` from a Windows editor is the same file type). */
const YAML_EXT = /\.ya?ml$/i;

/**
 * How the built-in folder is named in messages and in every SourcePos: relative to `cwd` when it is
 * below it, else absolute (a `../../..` chain would help nobody).
 */
export function builtinDisplay(dir: string, cwd: string): string {
  const rel = relative(cwd, dir);
  return rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? dir : rel;
}

/** The prefix of every file name shown under folder `shown` (`scenarios/` → `scenarios/x.yaml`). */
export function displayPrefix(shown: string): string {
  return shown.endsWith('/') || shown.endsWith(sep) ? shown : `${shown}/`;
}

/** Orders paths by UTF-16 code unit, the same on every machine and locale. */
export function byCodeUnits(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * Folders a walk does not enter: hidden ones (`.git`, `.github`, an editor's `.history`) and
 * installed packages. A folder named in `--scenarios` itself is read whatever its name.
 */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || name === 'node_modules';
}

/** Whether a file name is a scenario file's. */
export function isScenarioFileName(name: string): boolean {
  return YAML_EXT.test(name);
}

export interface FolderEntry {
  readonly name: string;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

/** What a walk found below a folder; every path relative to it and `/`-separated. */
export interface ScenarioTree {
  /** Scenario files (a symlink so named included), sorted by code unit. */
  readonly files: readonly string[];
  /** Symlinks that lead to a folder: not entered, each a problem for the caller. */
  readonly linkedFolders: readonly string[];
  /** Folders that could not be listed, with the error. */
  readonly unreadable: readonly { readonly path: string; readonly error: unknown }[];
  /** Set when the walk stopped at a limit: its files are not all of them. */
  readonly over?: 'files' | 'folders';
}

/** How a walk lists a folder and tells where a symlink leads (tests give their own). */
export interface TreeReader {
  list(abs: string): readonly FolderEntry[];
  isFolder(abs: string): boolean;
}

const fsReader: TreeReader = {
  list: (abs) => readdirSync(abs, { withFileTypes: true }),
  isFolder: (abs) => {
    try {
      return statSync(abs).isDirectory();
    } catch {
      return false; // dangling: not a folder, and not named as a scenario file either
    }
  },
};

/**
 * The scenario files in folder `dir` and every folder below it (skipped ones excepted), sorted by
 * their path. Symlinked folders are not entered: following them could loop, or leave the tree
 * (and the action's workspace) through a path no one reviews; each is reported instead, so that
 * nothing is skipped without a word. A symlink named like a scenario file is a file, and its
 * target is checked where files are (regular, inside the workspace). Stops past MAX_FILES files
 * or MAX_FOLDERS folders, which the caller refuses.
 *
 * Synchronous: listing costs a few system calls a folder, and nothing else runs while the files
 * of a run are being found.
 */
export function walkScenarioTree(dir: string, reader: TreeReader = fsReader): ScenarioTree {
  const files: string[] = [];
  const linkedFolders: string[] = [];
  const unreadable: { path: string; error: unknown }[] = [];
  const pending = [''];
  let folders = 0;
  while (pending.length > 0) {
    const rel = pending.pop()!;
    if (++folders > MAX_FOLDERS) return { files, linkedFolders, unreadable, over: 'folders' };
    let entries: readonly FolderEntry[];
    try {
      entries = reader.list(rel === '' ? dir : join(dir, rel));
    } catch (error) {
      unreadable.push({ path: rel, error });
      continue;
    }
    for (const e of entries) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!isSkippedFolder(e.name)) pending.push(path);
      } else if ((e.isFile() || e.isSymbolicLink()) && isScenarioFileName(e.name)) {
        files.push(path);
      } else if (e.isSymbolicLink() && !isSkippedFolder(e.name) && reader.isFolder(join(dir, path))) {
        linkedFolders.push(path);
      }
    }
    if (files.length > MAX_FILES) return { files, linkedFolders, unreadable, over: 'files' };
  }
  unreadable.sort((a, b) => byCodeUnits(a.path, b.path));
  return { files: files.sort(byCodeUnits), linkedFolders: linkedFolders.sort(byCodeUnits), unreadable };
}

/**
 * `builtinDir` overrides where `builtin` points (tests load a copied suite). With `confine` (the
 * action: GITHUB_WORKSPACE), every file other than the built-in suite's must resolve, through every
 * symlink, to a path inside that folder: a pull request cannot make the action read (and echo into
 * a log or a comment) a file of the runner through a symlink or `../`.
 */
export async function resolveInputs(
  inputs: readonly string[],
  cwd: string,
  builtinDir?: string,
  confine?: string,
): Promise<{ files: ScenarioFile[]; problems: ScenarioProblem[] }> {
  const files: ScenarioFile[] = [];
  const problems: ScenarioProblem[] = [];
  const seen = new Set<string>();
  const add = (f: ScenarioFile): void => {
    if (seen.has(f.abs)) return; // the same file named twice (`builtin` and `scenarios/`) loads once
    seen.add(f.abs);
    files.push(f);
  };
  for (const input of inputs.length === 0 ? [BUILTIN] : inputs) {
    if (input === BUILTIN) {
      const dir = builtinDir ?? builtinScenariosDir();
      addFolder(dir, builtinDisplay(dir, cwd), add, problems);
      continue;
    }
    const abs = resolve(cwd, input);
    const before = files.length;
    let st;
    try {
      st = await stat(abs);
    } catch (e) {
      problems.push(fileProblem(input, describeFsError(e, 'no such file or folder')));
      continue;
    }
    if (confine !== undefined && !(await inside(abs, confine))) {
      problems.push(fileProblem(input, outsideMessage(confine)));
      continue;
    }
    if (st.isDirectory()) addFolder(abs, input, add, problems);
    else add({ display: input, abs });
    if (confine === undefined) continue;
    // A folder inside may still hold a symlink that leads out.
    for (let i = files.length - 1; i >= before; i--) {
      const f = files[i]!;
      if (await inside(f.abs, confine)) continue;
      problems.push(fileProblem(f.display, outsideMessage(confine)));
      files.splice(i, 1);
    }
  }
  if (files.length > MAX_FILES) {
    problems.push(fileProblem(inputs.join(', ') || BUILTIN, `${files.length} scenario files; the limit is ${MAX_FILES}`));
    return { files: [], problems };
  }
  return { files, problems };
}

/** Whether `path`, every symlink resolved, is `root` (resolved too) or below it. */
async function inside(path: string, root: string): Promise<boolean> {
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([realpath(path), realpath(root)]);
  } catch {
    return false; // a dangling symlink leads nowhere we can vouch for
  }
  const rel = relative(realRoot, real);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function outsideMessage(root: string): string {
  return `resolves (through a symlink or '..') to a path outside the workspace ${root}; the action reads scenario files from inside the workspace only`;
}

/**
 * Adds the scenario files of folder `abs` and every folder below it (walkScenarioTree). Problems:
 * an unreadable folder, a symlinked folder, a limit passed (then nothing of this folder is added:
 * refused, not cut short), or no scenario file at all.
 */
function addFolder(abs: string, shown: string, add: (f: ScenarioFile) => void, problems: ScenarioProblem[]): void {
  const tree = walkScenarioTree(abs);
  const prefix = displayPrefix(shown);
  const named = (rel: string): string => (rel === '' ? shown : `${prefix}${rel}`);
  for (const u of tree.unreadable) problems.push(fileProblem(named(u.path), describeFsError(u.error, 'cannot read this folder')));
  for (const link of tree.linkedFolders) problems.push(fileProblem(named(link), LINKED_FOLDER_MESSAGE));
  if (tree.over !== undefined) {
    const message =
      tree.over === 'files'
        ? `more than ${MAX_FILES} scenario files in this folder and the folders below it; the limit is ${MAX_FILES}`
        : `more than ${MAX_FOLDERS} folders here and below; the limit is ${MAX_FOLDERS} (name the folders that hold the scenarios)`;
    problems.push(fileProblem(shown, message));
    return;
  }
  if (tree.files.length === 0) {
    if (tree.unreadable.length === 0) problems.push(fileProblem(shown, 'no scenario files (*.yaml, *.yml) in this folder or below it'));
    return;
  }
  for (const rel of tree.files) add({ display: `${prefix}${rel}`, abs: join(abs, ...rel.split('/')) });
}

const LINKED_FOLDER_MESSAGE =
  'a symlink to a folder: folders are not read through symlinks (they can loop, or lead out of the tree); ' +
  'name the folder it leads to as a scenarios input of its own, or remove the link';

/**
 * Reads one scenario file as UTF-8, refusing it (with a problem, not an exception) when it is not a
 * regular file, larger than MAX_FILE_BYTES, or not valid UTF-8. Never reads more than the limit.
 */
export async function readScenarioFile(file: ScenarioFile): Promise<{ text?: string; bytes: number; problem?: ScenarioProblem }> {
  return readScenarioFileNow(file);
}

/**
 * The read itself, with node:fs's synchronous calls: a scenario file is a few KiB, and each call of
 * node:fs/promises (open, stat, read, read, close) is a trip through the thread pool and a promise
 * (a FileHandle each). Measured on 1,000 generated scenarios (CPU profile of a plain run,
 * 1 worker): reading took 600 ms with node:fs/promises, 140-250 ms this way (two profiles, the
 * machine shared). The caller's read-ahead still bounds how many files are held at once. Same
 * refusals, in the same order.
 */
function readScenarioFileNow(file: ScenarioFile): { text?: string; bytes: number; problem?: ScenarioProblem } {
  let fd: number;
  try {
    // O_NONBLOCK, as src/import/file.ts opens an artifact: opening a FIFO for reading would wait for
    // a writer forever; non-blocking, it opens at once and fstat refuses it as not a regular file.
    fd = openSync(file.abs, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    return { bytes: 0, problem: fileProblem(file.display, describeFsError(e, 'cannot open this file')) };
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return { bytes: 0, problem: fileProblem(file.display, 'not a regular file') };
    if (st.size > MAX_FILE_BYTES) return { bytes: 0, problem: tooLarge(file.display, st.size) };
    // Read at most limit + 1 bytes: a file growing under us is still caught.
    const buf = Buffer.alloc(Math.min(st.size, MAX_FILE_BYTES) + 1);
    let n = 0;
    for (;;) {
      const bytesRead = readSync(fd, buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n === buf.length) break;
    }
    if (n > MAX_FILE_BYTES) return { bytes: 0, problem: tooLarge(file.display, n) };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, n));
    } catch {
      return { bytes: n, problem: fileProblem(file.display, 'not valid UTF-8 text') };
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { text, bytes: n };
  } catch (e) {
    return { bytes: 0, problem: fileProblem(file.display, describeFsError(e, 'cannot read this file')) };
  } finally {
    closeSync(fd);
  }
}

function tooLarge(display: string, size: number): ScenarioProblem {
  return fileProblem(display, `file is too large (${formatBytes(size)}; the limit is ${formatBytes(MAX_FILE_BYTES)}); the file is refused`);
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${bytes} bytes`;
}

export function fileProblem(file: string, message: string): ScenarioProblem {
  return { file, line: 0, col: 0, message };
}

function describeFsError(e: unknown, fallback: string): string {
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file or folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder';
  return fallback;
}
