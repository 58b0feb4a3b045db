/**
 * The YAML path of the loader: `--scenarios` inputs → validated scenarios, or a ScenarioError
 * listing every problem of every file (docs/scenarios.md). Files are read within bounds (limits.ts); each
 * is parsed and checked on its own (`loadFileRange`, which a run may call on its worker threads,
 * each on a range of the files), then the files' loads are gathered in file order (`gatherFileLoads`):
 * the same problems, warnings and scenarios, in the same order, wherever each file was loaded.
 */
import { boundProblems } from './bounded.js';
import { ScenarioError, type ScenarioProblem } from './errors.js';
import { fileProblem, formatBytes, readScenarioFile, resolveInputs, type ScenarioFile } from './files.js';
import { MAX_TOTAL_BYTES } from './limits.js';
import { ChainCheck } from '../chains/chain-check.js';
import type { RunContext } from '../chains/run-context.js';
import { parseScenarioText } from './parse/index.js';
import { LoaderWarnings } from './warnings.js';
import type { Scenario, ScenarioSet, SourcePos } from '../model/scenario.js';

export type { ScenarioFile } from './files.js';

/**
 * Files read ahead of the one being parsed: a read is several round trips to the file system's
 * thread pool, and 1,000 files read one after the other left this thread idle a third of the
 * loading time. Few enough to stay far from the open-file limit.
 */
const READ_AHEAD = 16;

/** What loading one file gave: plain data but for the scenario, so that it can come from another thread. */
export interface FileLoad {
  /** The file could not be read (missing, too large, not UTF-8): its one problem; nothing else is set. */
  readonly readProblem?: ScenarioProblem;
  /** Bytes read (0 with a read problem): the files' total is bounded (MAX_TOTAL_BYTES). */
  readonly bytes: number;
  readonly problems: readonly ScenarioProblem[];
  /** Set only when the file has no problem. */
  readonly scenario?: Scenario;
  /** The scenario's name when it could be read (the duplicate check across files). */
  readonly name?: { readonly value: string; readonly source: SourcePos };
  readonly warnings: readonly string[];
  readonly info: readonly string[];
}

/**
 * Where the files are loaded when not here: a run hands them to its worker threads (pipeline/),
 * which give back each file's load, in file order, at least up to the file where the total passes
 * MAX_TOTAL_BYTES. Undefined: load them here.
 */
export type LoadElsewhere = (files: readonly ScenarioFile[], confine: string | undefined) => Promise<readonly FileLoad[]> | undefined;

/**
 * Loads scenario files and folders (`*.yaml`, `*.yml`; folders with the folders below them, sorted
 * by path: files.ts); the word `builtin`, or an empty list, is the built-in suite (in `builtinDir`
 * when given). Names in messages are as given, relative to `cwd`. With `confine`, files outside
 * that folder are refused.
 * `onFileCount` hears how many files there are before any is read. `context`: the run's, whose
 * chains the check builds (the run then reuses them); unset, the check's own.
 */
export async function loadScenarioFiles(
  inputs: readonly string[],
  cwd: string,
  builtinDir?: string,
  confine?: string,
  onFileCount?: (count: number) => void,
): Promise<Scenario[]> {
  return (await loadScenarioFileSet(inputs, cwd, builtinDir, confine, onFileCount)).scenarios;
}

/** loadScenarioFiles, with the number of files read and the load's warnings; `elsewhere` may load the files on other threads. */
export async function loadScenarioFileSet(
  inputs: readonly string[],
  cwd: string,
  builtinDir?: string,
  confine?: string,
  onFileCount?: (count: number) => void,
  context?: RunContext,
  elsewhere?: LoadElsewhere,
): Promise<ScenarioSet> {
  const { files, problems } = await resolveInputs(inputs, cwd, builtinDir, confine);
  onFileCount?.(files.length);
  const loads = (await elsewhere?.(files, confine)) ?? (await loadFileRange(files, new ChainCheck(context), confine));
  return gatherFileLoads(files, loads, problems);
}

/**
 * Reads, parses and checks `files` in order, with one ChainCheck (one set of keys for every
 * file's chains: the run's, when it holds the run's context). Stops after the file with which
 * these files' bytes pass MAX_TOTAL_BYTES: a range's total is at most the total up to its end, so
 * the files it leaves out come after the file where the whole load stops (gatherFileLoads).
 */
export async function loadFileRange(files: readonly ScenarioFile[], chains: ChainCheck, confine?: string): Promise<FileLoad[]> {
  const loads: FileLoad[] = [];
  const ahead: ReturnType<typeof readScenarioFile>[] = [];
  let next = 0;
  let total = 0;
  for (const f of files) {
    while (next < files.length && ahead.length < READ_AHEAD) ahead.push(readScenarioFile(files[next++]!));
    const read = await ahead.shift()!;
    if (read.problem) {
      loads.push({ readProblem: read.problem, bytes: 0, problems: [], warnings: [], info: [] });
      continue;
    }
    total += read.bytes;
    if (total > MAX_TOTAL_BYTES) {
      loads.push({ bytes: read.bytes, problems: [], warnings: [], info: [] }); // refused by gatherFileLoads
      await Promise.allSettled(ahead); // the reads under way close their own files
      break;
    }
    const result = parseScenarioText(read.text!, f.display, { abs: f.abs, ...(confine !== undefined && { confine }) }, chains);
    loads.push({
      bytes: read.bytes,
      problems: result.problems,
      ...(result.scenario !== undefined && { scenario: result.scenario }),
      ...(result.name !== undefined && { name: result.name }),
      warnings: result.warnings,
      info: result.info,
    });
  }
  return loads;
}

/**
 * The files' loads as one load, in file order: each file's problems (its read problem, or the
 * total's bound, after which no file counts), its scenario, warnings and information lines; then
 * names defined twice across files. Throws a ScenarioError with every problem, `earlier` first.
 */
export function gatherFileLoads(
  files: readonly ScenarioFile[],
  loads: readonly FileLoad[],
  earlier: readonly ScenarioProblem[],
): ScenarioSet {
  const problems = [...earlier];
  const scenarios: Scenario[] = [];
  const names: { value: string; source: SourcePos }[] = [];
  const warnings = new LoaderWarnings();
  let total = 0;
  for (let i = 0; i < files.length; i++) {
    const load = loads[i];
    if (load === undefined) throw new Error(`scenario file #${i + 1} was not loaded`);
    if (load.readProblem !== undefined) {
      problems.push(load.readProblem);
      continue;
    }
    total += load.bytes;
    if (total > MAX_TOTAL_BYTES) {
      problems.push(
        fileProblem(files[i]!.display, `scenario files together exceed ${formatBytes(MAX_TOTAL_BYTES)}; this and later files are refused`),
      );
      break;
    }
    problems.push(...boundProblems(load.problems));
    if (load.scenario !== undefined) scenarios.push(load.scenario);
    if (load.name !== undefined) names.push(load.name);
    for (const w of load.warnings) warnings.add(w);
    for (const line of load.info) warnings.addInfo(line);
  }
  problems.push(...duplicateNames(names));
  if (problems.length > 0) throw new ScenarioError(problems);
  return { scenarios, files: files.length, warnings: warnings.list(), info: warnings.infoList() };
}

function duplicateNames(names: readonly { value: string; source: SourcePos }[]): ScenarioProblem[] {
  const first = new Map<string, SourcePos>();
  const out: ScenarioProblem[] = [];
  for (const n of names) {
    const earlier = first.get(n.value);
    if (earlier === undefined) {
      first.set(n.value, n.source);
      continue;
    }
    const where = `${earlier.file}:${earlier.line}:${earlier.col}`;
    out.push({ ...n.source, message: `duplicate scenario name '${n.value}' (also defined at ${where})` });
  }
  return out;
}
