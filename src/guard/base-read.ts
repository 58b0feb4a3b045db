/**
 * The base's scenarios, read the way the head's loader reads them: the same parser over the files
 * as they are at the ref, and every file a scenario names with `from:` (a token, a governance
 * policy, a tool list) read from the commit's tree when, and because, the parser asks for it. No
 * guess decides beforehand which file names a `from:` (a `"from":` key is YAML too), and a path
 * through a symlinked folder is followed inside the tree as the file system would follow it.
 *
 * A base file that does not load is kept as unreadable, with its problems: the caller makes it a
 * finding (`base_unreadable`), never an added scenario.
 */
import { isAbsolute, normalize, posix, sep } from 'node:path';
import { TokenImportError, MAX_TOKEN_FILE_BYTES } from '../import/token.js';
import { formatSource } from '../model/errors.js';
import type { Scenario } from '../model/scenario.js';
import { formatProblem, type ScenarioProblem } from '../scenario/errors.js';
import { MAX_FILES, MAX_TOTAL_BYTES } from '../scenario/limits.js';
import { parseScenarioText, type ParseResult } from '../scenario/parse/index.js';
import { isPolicyPath } from '../import/tenuo-policy/index.js';
import { BaselineError } from './errors.js';
import type { GitFile } from './scenario-files-at-ref.js';
import type { ArtifactAtRef, TreeAtRef } from './tree-at-ref.js';

/** A file a base scenario read with `from:`, as it was at the ref. */
export interface BaseArtifact {
  /** PATH as written. */
  readonly from: string;
  /** PATH resolved as the loader resolves it (against the scenario file's folder), named as the loader names files. */
  readonly path: string;
  /** The text at the ref, a byte order mark kept. */
  readonly text: string;
}

/** A base scenario and what it was read from. */
export interface BaseScenario {
  readonly scenario: Scenario;
  /** The scenario file's text at the ref. */
  readonly text: string;
  readonly reads: readonly BaseArtifact[];
}

/** A base scenario file that did not load at the ref. */
export interface UnreadableBase {
  readonly file: string;
  /** The scenario's name, when it could be read. */
  readonly name?: string;
  /** FILE:LINE:COL of the first problem. */
  readonly source: string;
  /** Each problem, `FILE:LINE:COL: message`. */
  readonly problems: readonly string[];
}

export interface BaseRead {
  readonly scenarios: readonly BaseScenario[];
  readonly unreadable: readonly UnreadableBase[];
}

/** A file's `from:` reads can name files whose own reading names more; a parse asks again this many times at most. */
const MAX_ROUNDS = 4;

/** PATH of `from:` in scenario file `display`, as the loader resolves it: against the file's folder unless absolute. */
export function artifactPath(display: string, from: string): string {
  return isAbsolute(from) ? normalize(from) : posix.normalize(posix.join(posix.dirname(display.split(sep).join('/')), from));
}

/** A byte order mark is stripped where the head's reader strips it: everywhere but a governance policy (its digest covers the bytes). */
function asTheHeadReadsIt(from: string, text: string): string {
  return isPolicyPath(from) || text.charCodeAt(0) !== 0xfeff ? text : text.slice(1);
}

export async function readBaseScenarios(tree: TreeAtRef, files: readonly GitFile[]): Promise<BaseRead> {
  const cache = new Map<string, ArtifactAtRef>();
  let total = 0;
  const fetch = async (paths: Iterable<string>): Promise<void> => {
    for (const path of paths) {
      const repo = tree.repoPath(path)!;
      if (cache.has(repo)) continue;
      if (cache.size >= MAX_FILES)
        throw new BaselineError('baseline_too_large', `more than ${MAX_FILES} files named by from: at ${tree.ref}`);
      const got = await tree.artifact(repo, MAX_TOKEN_FILE_BYTES);
      if ('text' in got) total += Buffer.byteLength(got.text, 'utf8');
      if (total > MAX_TOTAL_BYTES)
        throw new BaselineError('baseline_too_large', `the files named by from: at ${tree.ref} together exceed ${MAX_TOTAL_BYTES} bytes`);
      cache.set(repo, got);
    }
  };
  const parse = (f: GitFile): { parsed: ParseResult; wanted: Set<string>; reads: BaseArtifact[] } => {
    const wanted = new Set<string>();
    const reads: BaseArtifact[] = [];
    const parsed = parseScenarioText(f.text, f.display, {
      readTokenFile: (from) => {
        const path = artifactPath(f.display, from);
        const repo = tree.repoPath(path);
        if (repo === undefined) {
          throw new BaselineError(
            'baseline_path_invalid',
            `${f.display} at ${tree.ref}: from: ${from.slice(0, 80)} is outside the repository (${tree.top}): it has no version at a git ref`,
          );
        }
        const got = cache.get(repo);
        if (got === undefined) {
          wanted.add(path);
          throw new TokenImportError('token_unreadable', 'not read yet');
        }
        if ('problem' in got) throw new TokenImportError('token_unreadable', got.problem);
        reads.push({ from, path, text: got.text });
        return asTheHeadReadsIt(from, got.text);
      },
    });
    return { parsed, wanted, reads };
  };

  const done = new Map<GitFile, ReturnType<typeof parse>>();
  let pending = [...files];
  for (let round = 0; pending.length > 0; round++) {
    const again: GitFile[] = [];
    const wanted = new Set<string>();
    for (const f of pending) {
      const r = parse(f);
      done.set(f, r);
      if (r.wanted.size > 0 && round < MAX_ROUNDS) {
        again.push(f);
        for (const w of r.wanted) wanted.add(w);
      }
    }
    await fetch(wanted);
    pending = again;
  }

  const scenarios: BaseScenario[] = [];
  const unreadable: UnreadableBase[] = [];
  const names = new Set<string>();
  for (const f of files) {
    const { parsed, reads } = done.get(f)!;
    if (parsed.problems.length > 0 || !parsed.scenario) {
      unreadable.push(unreadableOf(f.display, parsed.problems, parsed.name?.value));
      continue;
    }
    const s = parsed.scenario;
    if (names.has(s.name)) {
      // The head's loader refuses two scenarios of one name: the base could not have run either.
      unreadable.push({
        file: f.display,
        name: s.name,
        source: formatSource(s.source),
        problems: [`${formatSource(s.source)}: duplicate scenario name '${s.name}' at the base`],
      });
      continue;
    }
    names.add(s.name);
    scenarios.push({ scenario: s, text: f.text, reads });
  }
  return { scenarios, unreadable };
}

function unreadableOf(file: string, problems: readonly ScenarioProblem[], name: string | undefined): UnreadableBase {
  const first = problems[0];
  const source = first && first.line > 0 ? `${first.file}:${first.line}:${first.col}` : `${file}:1:1`;
  return {
    file,
    ...(name !== undefined && { name }),
    source,
    problems: problems.length > 0 ? problems.map(formatProblem) : [`${file}: does not load`],
  };
}
