/**
 * The loader's warnings as a run shows them (the CLI's stderr, the action's log and annotations):
 * a warning that many files of one folder repeat word for word once, at its first place, with how
 * many more files of the folder say the same. A generated suite writes the same grant into each of
 * its scenarios (an imported AgentDojo suite: a few hundred warnings that are a handful of facts),
 * and a log of repeats buries the warning that is new. `validate` still lists every one: it is
 * where a file is fixed.
 */

import { plural } from './plural.js';

/** `FILE:LINE:COL: message` as the loader places a warning (scenario/warnings.ts). */
const PLACED = /^(.*?):(\d+):(\d+): (.*)$/s;

interface Group {
  readonly first: string;
  readonly folder: string;
  readonly files: Set<string>;
  repeats: number;
}

/** The folder part of a path as the warning wrote it (either separator), '' for a bare file name. */
function folderOf(file: string): string {
  const cut = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  return cut < 0 ? '' : file.slice(0, cut);
}

/** `the same in 35 more files of DIR`; `the same 3 more times, in 2 files of DIR` when a file repeats it. */
function repeatNote(group: Group): string {
  const where = group.folder === '' ? '.' : group.folder;
  const others = group.files.size - 1;
  if (others === group.repeats) return `the same in ${plural(others, 'more file')} of ${where}`;
  return `the same ${plural(group.repeats, 'more time')}, in ${plural(group.files.size, 'file')} of ${where}`;
}

/**
 * `warnings` in their order, each repeated message of one folder kept at its first place and
 * followed by `(the same in N more files of FOLDER)` (repeatNote). A line the loader did not place (the count
 * of warnings left out past its bound) is kept as it is.
 */
export function collapseRepeatedWarnings(warnings: readonly string[]): string[] {
  const groups = new Map<string, Group>();
  const order: (Group | string)[] = [];
  for (const line of warnings) {
    const placed = PLACED.exec(line);
    if (placed === null) {
      order.push(line);
      continue;
    }
    const [, file, , , message] = placed as unknown as [string, string, string, string, string];
    const folder = folderOf(file);
    const key = JSON.stringify([folder, message]);
    const group = groups.get(key);
    if (group !== undefined) {
      group.files.add(file);
      group.repeats++;
      continue;
    }
    const fresh: Group = { first: line, folder, files: new Set([file]), repeats: 0 };
    groups.set(key, fresh);
    order.push(fresh);
  }
  return order.map((entry) => {
    if (typeof entry === 'string') return entry;
    return entry.repeats === 0 ? entry.first : `${entry.first} (${repeatNote(entry)})`;
  });
}
