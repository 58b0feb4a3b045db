/**
 * A file a scenario names beside it (`warrant: {from: PATH}`, `tools: {from: PATH}`): relative to the scenario file, read
 * as UTF-8 text within a size limit, and, under the action, only from inside the workspace (every
 * symlink followed). Synchronous: the loader parses one scenario at a time, and such a file is small.
 */
import { openSync, closeSync, fstatSync, readSync, realpathSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

export type ArtifactFileCode = 'file_unreadable' | 'file_outside_workspace' | 'file_not_text';

export class ArtifactFileError extends Error {
  override readonly name = 'ArtifactFileError';
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
  let real: string;
  try {
    real = realpathSync(abs);
  } catch (e) {
    throw new ArtifactFileError('file_unreadable', fsReason(e));
  }
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
  let fd: number;
  try {
    fd = openSync(real, 'r');
  } catch (e) {
    throw new ArtifactFileError('file_unreadable', `cannot read it: ${fsReason(e)}`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new ArtifactFileError('file_unreadable', 'not a regular file');
    if (st.size > options.maxBytes) throw new ArtifactFileError('file_unreadable', `${st.size} bytes; the limit is ${options.maxBytes} bytes`);
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
