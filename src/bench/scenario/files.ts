/**
 * `--scenarios` inputs → scenario files, and reading them within bounds. Names in messages are the
 * user's own (`my-scenarios/x.yaml`, not an absolute path), and a file's size is checked before a
 * byte of it is read, so a 50 MB file is refused at once.
 */
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { builtinScenariosDir } from './builtin.js';
import type { ScenarioProblem } from './errors.js';
import { MAX_FILE_BYTES, MAX_FILES } from './limits.js';

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

/** The names of the scenario files in a folder's entries, sorted by code unit. */
export function scenarioFileNames(entries: readonly { name: string; isFile(): boolean; isSymbolicLink(): boolean }[]): string[] {
  return entries
    .filter((d) => (d.isFile() || d.isSymbolicLink()) && YAML_EXT.test(d.name))
    .map((d) => d.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
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
      await addFolder(dir, builtinDisplay(dir, cwd), add, problems);
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
    if (st.isDirectory()) await addFolder(abs, input, add, problems);
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

async function addFolder(
  abs: string,
  shown: string,
  add: (f: ScenarioFile) => void,
  problems: ScenarioProblem[],
): Promise<void> {
  let entries;
  try {
    entries = await readdir(abs, { withFileTypes: true });
  } catch (e) {
    problems.push(fileProblem(shown, describeFsError(e, 'cannot read this folder')));
    return;
  }
  const names = scenarioFileNames(entries);
  if (names.length === 0) {
    problems.push(fileProblem(shown, 'no scenario files (*.yaml, *.yml) in this folder'));
    return;
  }
  const prefix = displayPrefix(shown);
  for (const name of names) add({ display: `${prefix}${name}`, abs: resolve(abs, name) });
}

/**
 * Reads one scenario file as UTF-8, refusing it (with a problem, not an exception) when it is not a
 * regular file, larger than MAX_FILE_BYTES, or not valid UTF-8. Never reads more than the limit.
 */
export async function readScenarioFile(f: ScenarioFile): Promise<{ text?: string; bytes: number; problem?: ScenarioProblem }> {
  let handle;
  try {
    handle = await open(f.abs, 'r');
  } catch (e) {
    return { bytes: 0, problem: fileProblem(f.display, describeFsError(e, 'cannot open this file')) };
  }
  try {
    const st = await handle.stat();
    if (!st.isFile()) return { bytes: 0, problem: fileProblem(f.display, 'not a regular file') };
    if (st.size > MAX_FILE_BYTES) return { bytes: 0, problem: tooLarge(f.display, st.size) };
    // Read at most limit + 1 bytes: a file growing under us is still caught.
    const buf = Buffer.alloc(Math.min(st.size, MAX_FILE_BYTES) + 1);
    let n = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n === buf.length) break;
    }
    if (n > MAX_FILE_BYTES) return { bytes: 0, problem: tooLarge(f.display, n) };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, n));
    } catch {
      return { bytes: n, problem: fileProblem(f.display, 'not valid UTF-8 text') };
    }
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return { text, bytes: n };
  } catch (e) {
    return { bytes: 0, problem: fileProblem(f.display, describeFsError(e, 'cannot read this file')) };
  } finally {
    await handle.close();
  }
}

function tooLarge(display: string, size: number): ScenarioProblem {
  return fileProblem(display, `file is too large (${formatBytes(size)}; the limit is ${formatBytes(MAX_FILE_BYTES)}); the file is refused`);
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MiB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1).replace(/\.0$/, '')} KiB`;
  return `${n} bytes`;
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
