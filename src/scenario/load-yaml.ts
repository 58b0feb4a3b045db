/**
 * The YAML path of the loader: `--scenarios` inputs → validated scenarios, or a ScenarioError
 * listing every problem of every file (docs/scenarios.md). Files are read within bounds (limits.ts); each
 * is parsed and checked on its own, then names are checked across files.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { boundProblems } from './bounded.js';
import { ScenarioError, type ScenarioProblem } from './errors.js';
import { fileProblem, formatBytes, readScenarioFile, resolveInputs } from './files.js';
import { MAX_TOTAL_BYTES } from './limits.js';
import { ChainCheck } from '../chains/chain-check.js';
import type { RunContext } from '../chains/run-context.js';
import { parseScenarioText } from './parse/index.js';
import { LoaderWarnings } from './warnings.js';
import type { Scenario, ScenarioSet, SourcePos } from '../model/scenario.js';

/**
 * Files read ahead of the one being parsed: a read is several round trips to the file system's
 * thread pool, and 1,000 files read one after the other left this thread idle a third of the
 * loading time. Few enough to stay far from the open-file limit.
 */
const READ_AHEAD = 16;

/**
 * Loads scenario files and folders (`*.yaml`, `*.yml`; folders with the folders below them, sorted
 * by path: files.ts); the word `builtin`, or an empty list, is the built-in suite (in `builtinDir`
 * when given). Names in messages are as given, relative to `cwd`. With `confine`, files outside
 * that folder are refused.
 * `onFileCount` hears how many files there are before any is read. `context`: the run's, whose
 * chains the check builds (the run then reuses them); unset, the check's own. `onScenario` is handed
 * each scenario as soon as its file is checked, in load order (a run's workers start on it then).
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

/** loadScenarioFiles, with the number of files read and the load's warnings. */
export async function loadScenarioFileSet(
  inputs: readonly string[],
  cwd: string,
  builtinDir?: string,
  confine?: string,
  onFileCount?: (count: number) => void,
  context?: RunContext,
  onScenario?: (scenario: Scenario) => void,
): Promise<ScenarioSet> {
  const { files, problems } = await resolveInputs(inputs, cwd, builtinDir, confine);
  onFileCount?.(files.length);
  const scenarios: Scenario[] = [];
  const names: { value: string; source: SourcePos }[] = [];
  const ahead: ReturnType<typeof readScenarioFile>[] = [];
  let next = 0;
  let total = 0;
  const chains = new ChainCheck(context); // one set of keys for every file's chains (the run's, when given)
  const warnings = new LoaderWarnings();
  for (const f of files) {
    while (next < files.length && ahead.length < READ_AHEAD) ahead.push(readScenarioFile(files[next++]!));
    const read = await ahead.shift()!;
    if (read.problem) {
      problems.push(read.problem);
      continue;
    }
    total += read.bytes;
    if (total > MAX_TOTAL_BYTES) {
      problems.push(
        fileProblem(f.display, `scenario files together exceed ${formatBytes(MAX_TOTAL_BYTES)}; this and later files are refused`),
      );
      await Promise.allSettled(ahead); // the reads under way close their own files
      break;
    }
    const result = parseScenarioText(read.text!, f.display, { abs: f.abs, ...(confine !== undefined && { confine }) }, chains);
    problems.push(...boundProblems(result.problems));
    if (result.scenario) {
      scenarios.push(result.scenario);
      if (onScenario !== undefined) {
        onScenario(result.scenario);
        // The reads complete at once, so without a turn of the event loop the workers' answers
        // would wait for the last file, and a worker done with its job would have no next one.
        await nextTurn();
      }
    }
    if (result.name) names.push(result.name);
    for (const w of result.warnings) warnings.add(w);
    for (const line of result.info) warnings.addInfo(line);
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
