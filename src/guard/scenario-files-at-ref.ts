/**
 * The scenario files named by `--scenarios`, as they are at a git ref, picked, named and ordered as
 * the head's loader picks them from the file system (files.ts walkScenarioTree): a folder read with
 * the folders below it, skipped ones excepted; a symlink followed inside the commit's tree only;
 * every file and the whole set bounded as the loader bounds them.
 */
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { byCodeUnits, isScenarioFileName, isSkippedFolder } from '../scenario/files.js';
import { BaselineError } from './errors.js';
import { lookupAt, lsTree, runGit, SYMLINK_MODE, type TreeEntry } from './git.js';

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

/**
 * The scenario files named by `inputs` (files or folders, relative to `realCwd`, as the loader takes
 * them) in `commit`'s tree, in the repository whose top folder is `top`; `ref` names the commit in
 * messages.
 */
export async function scenarioFilesAt(
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
        throw refuse(
          `that leads out of the repository (${JSON.stringify(found.target.slice(0, 80))}): only files inside it have a version at a git ref`,
        );
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
    const { object, size: known } =
      listed.mode === SYMLINK_MODE ? await followLink(repoPath, display) : { object: listed.object, size: listed.size };
    const size = known ?? Infinity;
    if (size > bounds.maxFileBytes) {
      throw new BaselineError(
        'baseline_too_large',
        `${display} at ${ref}: ${size} bytes is over the ${bounds.maxFileBytes}-byte limit of a scenario file`,
      );
    }
    total += size;
    if (total > bounds.maxTotalBytes)
      throw new BaselineError('baseline_too_large', `scenario files at ${ref} together exceed ${bounds.maxTotalBytes} bytes`);
    if (files.length >= bounds.maxFiles)
      throw new BaselineError('baseline_too_large', `more than ${bounds.maxFiles} scenario files at ${ref}`);
    let buf: Buffer;
    try {
      buf = await runGit(top, ['cat-file', 'blob', object], bounds.maxFileBytes + 1);
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
      throw new BaselineError(
        'baseline_path_invalid',
        `--scenarios ${input} is outside the repository (${top}): it has no version at a git ref`,
      );
    }
    const path = rel.split(sep).join('/');
    if (path === '') {
      await readFolder(commit, '', input);
      continue;
    }
    if (/[\x00-\x1f\x7f]/.test(path))
      throw new BaselineError('baseline_path_invalid', `--scenarios ${JSON.stringify(input)} holds a control character`);
    // Through every symlink on the way, as the head's loader reaches it through the file system.
    const found = await lookupAt(top, commit, path);
    switch (found.kind) {
      case 'missing':
      case 'dangling':
      case 'notdir':
        missing.push(input);
        continue;
      case 'loop':
        throw new BaselineError(
          'baseline_path_invalid',
          `--scenarios ${input} at ${ref}: a symlink on its path loops (or more than 40 links are followed)`,
        );
      case 'outside':
        throw new BaselineError(
          'baseline_path_invalid',
          `--scenarios ${input} at ${ref}: a symlink on its path leads out of the repository (${JSON.stringify(found.target.slice(0, 80))}): only files inside it have a version at a git ref`,
        );
      case 'object':
        if (found.type === 'tree') await readFolder(found.object, path, input);
        else if (found.type === 'blob')
          await read({ mode: '100644', type: 'blob', object: found.object, size: found.size, path }, path, input);
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
