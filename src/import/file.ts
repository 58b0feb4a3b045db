/**
 * A file a scenario names beside it (`warrant: {from: PATH}`, `tools: {from: PATH}`): relative to the scenario file, read
 * as UTF-8 text within a size limit, and, under the action, only from inside the workspace (every
 * symlink followed). Only a regular file outside any `.git` folder is read: git's own files
 * (`config`, hooks, objects) are no scenario's artifact and are not what a reviewer sees in a
 * diff, and a FIFO or a device could block the run or never end. Synchronous: the loader parses one
 * scenario at a time, and such a file is small.
 */
import { constants, openSync, closeSync, fstatSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { BenchError } from '../lib/errors.js';

export type ArtifactFileCode = 'file_unreadable' | 'file_outside_workspace' | 'file_not_text' | 'file_in_git_dir' | 'file_not_regular';

export class ArtifactFileError extends BenchError {
  override readonly name = 'ArtifactFileError';
  readonly kind = 'input' as const;
  constructor(
    readonly code: ArtifactFileCode,
    message: string,
  ) {
    super(message);
  }
}

/** Whether `real` is `root` or below it (both already resolved through symlinks). */
function within(real: string, root: string): boolean {
  const rel = relative(root, real);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Code points HFS+ ignores in a name (git's `is_hfs_dotgit` list): `.g\u200cit` is `.git` there.
 */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * Whether a path component names a `.git` folder on some file system: compared case-insensitively
 * (macOS and Windows fold case), without the code points HFS+ ignores, without the trailing dots
 * and spaces NTFS drops, and as NTFS's short name `GIT~1`; the same names git itself refuses.
 */
export function isDotGit(component: string): boolean {
  const name = component
    .replace(HFS_IGNORED, '')
    .replace(/[. ]+$/, '')
    .toLowerCase();
  return name === '.git' || name === 'git~1';
}

/** The first component of `path` (either separator) that names a `.git` folder, if any. */
function dotGitComponent(path: string): string | undefined {
  return path.split(/[\\/]/).find(isDotGit);
}

function fsReason(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a folder';
  if (code === 'ELOOP') return 'too many symlinks';
  return e instanceof Error ? e.message : String(e);
}

export interface ArtifactFileOptions {
  /** The folder the file must resolve into (the action's workspace), or undefined (the CLI). */
  readonly confine?: string;
  readonly maxBytes: number;
  /** Keep a leading byte order mark as U+FEFF, so the text encodes back to the file's exact bytes. */
  readonly keepBom?: boolean;
}

/** Reads `from` (relative to the scenario file `scenarioAbs`); messages do not repeat the file name. */
export function readArtifactFile(from: string, scenarioAbs: string, options: ArtifactFileOptions): string {
  const abs = resolve(dirname(scenarioAbs), from);
  refuseDotGit(from);
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    throw new ArtifactFileError('file_unreadable', fsReason(e));
  }
  // Through a symlink too: measured from the scenario's own folder, so a checkout that happens to
  // sit below a folder named `.git` is not refused for it.
  let base = dirname(scenarioAbs);
  try {
    base = realpathSync(base);
  } catch {
    // the scenario's folder was read a moment ago; if it is gone, the lexical folder stands
  }
  refuseDotGit(relative(base, real));
  if (options.confine !== undefined) {
    let root: string;
    try {
      root = realpathSync(options.confine);
    } catch (e) {
      throw new ArtifactFileError('file_outside_workspace', `cannot resolve the workspace ${options.confine}: ${fsReason(e)}`);
    }
    if (!within(real, root)) {
      throw new ArtifactFileError(
        'file_outside_workspace',
        `resolves (through a symlink or '..') to a path outside the workspace ${options.confine}; the action reads files from inside the workspace only`,
      );
    }
  }
  // Checked before opening: opening a FIFO waits for a writer, and opening a device may act.
  let kind: string | undefined;
  try {
    kind = notRegular(statSync(real));
  } catch (e) {
    throw new ArtifactFileError('file_unreadable', `cannot read it: ${fsReason(e)}`);
  }
  if (kind !== undefined) throw notRegularError(kind);
  let fd: number;
  try {
    // Non-blocking, should the path have become a FIFO since: the open then returns at once and
    // fstat below refuses it. On a regular file the flag changes nothing.
    fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new ArtifactFileError('file_unreadable', `cannot read it: ${fsReason(e)}`);
  }
  try {
    const st = fstatSync(fd);
    const now = notRegular(st);
    if (now !== undefined) throw notRegularError(now);
    if (st.size > options.maxBytes)
      throw new ArtifactFileError('file_unreadable', `${st.size} bytes; the limit is ${options.maxBytes} bytes`);
    // One byte more than the limit: a file that grows while it is read is still caught.
    const buf = Buffer.alloc(Math.min(st.size, options.maxBytes) + 1);
    let n = 0;
    for (;;) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
      if (n === buf.length) break;
    }
    if (n > options.maxBytes) throw new ArtifactFileError('file_unreadable', `larger than ${options.maxBytes} bytes, the limit`);
    try {
      return new TextDecoder('utf-8', { fatal: true, ignoreBOM: options.keepBom === true }).decode(buf.subarray(0, n));
    } catch {
      throw new ArtifactFileError('file_not_text', 'not UTF-8 text');
    }
  } finally {
    closeSync(fd);
  }
}

function refuseDotGit(path: string): void {
  const component = dotGitComponent(path);
  if (component === undefined) return;
  throw new ArtifactFileError(
    'file_in_git_dir',
    `points into a .git folder (path component ${JSON.stringify(component)}): git's own files are not read; name a file in the work tree`,
  );
}

/** What the file is when it is not a regular file (a folder, a FIFO, a device, a socket). */
function notRegular(st: Stats): string | undefined {
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'something other than a file';
}

function notRegularError(kind: string): ArtifactFileError {
  return new ArtifactFileError('file_not_regular', `is ${kind}, not a regular file; only a regular file is read`);
}
