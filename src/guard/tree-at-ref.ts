/**
 * The base's side of the guard: a commit's tree opened by its ref, and read through git, never the
 * working tree. How the scenario files are picked is scenario-files-at-ref.ts; the git commands are
 * git.ts.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { BaselineError } from './errors.js';
import { checkRef, lookupAt, resolveCommit, runGit, topLevel, type Lookup } from './git.js';
import { scenarioFilesAt, type BaselineFiles, type GitBounds } from './scenario-files-at-ref.js';

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

export interface OpenTreeOptions {
  /** Fetch the commit from origin (depth 1) when this clone lacks it. */
  readonly fetch?: boolean;
}

/**
 * Opens the tree of the commit `ref` names in the repository that holds `cwd` (fetching that one
 * commit from origin when `fetch` is set and this clone lacks it).
 */
export async function openTreeAtRef(ref: string, cwd: string, options: OpenTreeOptions = {}): Promise<TreeAtRef> {
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
          return {
            problem: `at ${ref}, a symlink on its path leads out of the repository (${JSON.stringify(found.target.slice(0, 60))}): only files inside it have a version at a git ref`,
          };
        case 'object':
          break;
      }
      if (found.type !== 'blob')
        return { problem: `at ${ref}, it is a ${found.type === 'tree' ? 'folder' : found.type}, not a regular file` };
      if (found.size > maxBytes) return { problem: `${found.size} bytes at ${ref}; the limit is ${maxBytes} bytes` };
      let buf: Buffer;
      try {
        buf = await runGit(top, ['cat-file', 'blob', found.object], maxBytes + 1);
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
  options: OpenTreeOptions = {},
): Promise<BaselineFiles> {
  const tree = await openTreeAtRef(ref, cwd, options);
  return { commit: tree.commit, ...(await tree.scenarioFiles(inputs, bounds)) };
}
