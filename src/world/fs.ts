/**
 * The simulated file system: a flat map of absolute paths to contents, with POSIX path resolution
 * (`.`, `..`, repeated `/`, case-sensitive). Resolution is what makes traversal attacks honest: a
 * `read_file('/app/config/../../secrets/x')` that slips past the authorizer really reads
 * `/secrets/x`, and the judge sees the resolved path.
 */
import { isCanonicalPosixPath } from '../lib/canonical-path.js';
import { normalizePosixPath } from './posix-path.js';

/**
 * Resolves a path the way a POSIX kernel does for a process whose working directory is `/`:
 * empty and `.` segments vanish, `..` removes the previous segment and stops at the root. There
 * are no symlinks in the simulation, so lexical resolution is exact, and it is the same
 * normalization the loader applies to Subpath roots.
 */
export function resolvePath(raw: string): string {
  // Most paths (every file name of a loaded environment) are already canonical: then resolving
  // them gives them back, and a few substring tests are cheaper than splitting and joining.
  return isCanonicalPosixPath(raw) ? raw : normalizePosixPath(raw);
}

export class FileSystem {
  private readonly files: Map<string, string>;

  constructor(initial: Readonly<Record<string, string>>) {
    this.files = new Map();
    for (const [path, content] of Object.entries(initial)) this.files.set(resolvePath(path), content);
  }

  /** The content at the resolved path, or undefined when there is no such file. */
  read(path: string): string | undefined {
    return this.files.get(path);
  }

  write(path: string, content: string): void {
    this.files.set(path, content);
  }

  /** Every file at or below `dir` (recursively, like the reference), sorted. */
  list(dir: string): string[] {
    const prefix = dir === '/' ? '/' : dir + '/';
    const found: string[] = [];
    for (const p of this.files.keys()) if (p === dir || p.startsWith(prefix)) found.push(p);
    return found.sort();
  }

  snapshot(): Record<string, string> {
    return Object.fromEntries(this.files);
  }
}
