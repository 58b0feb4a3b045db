/**
 * The YAML path of the loader: `--scenarios` inputs → validated scenarios, or a ScenarioError
 * listing every problem of every file (design §3). Files are read within bounds (limits.ts); each
 * is parsed and checked on its own, then names are checked across files.
 */
import { boundProblems } from './bounded.js';
import { ScenarioError, type ScenarioProblem } from './errors.js';
import { fileProblem, formatBytes, readScenarioFile, resolveInputs } from './files.js';
import { MAX_TOTAL_BYTES } from './limits.js';
import { parseScenarioText } from './parse.js';
import type { Scenario, SourcePos } from './types.js';

/**
 * Loads scenario files and folders (`*.yaml`, `*.yml`, sorted); the word `builtin`, or an empty
 * list, is the built-in suite (in `builtinDir` when given). Names in messages are as given,
 * relative to `cwd`. With `confine`, files outside that folder are refused (files.ts).
 */
export async function loadScenarioFiles(
  inputs: readonly string[],
  cwd: string,
  builtinDir?: string,
  confine?: string,
): Promise<Scenario[]> {
  const { files, problems } = await resolveInputs(inputs, cwd, builtinDir, confine);
  const scenarios: Scenario[] = [];
  const names: { value: string; source: SourcePos }[] = [];
  let total = 0;
  for (const f of files) {
    const read = await readScenarioFile(f);
    if (read.problem) {
      problems.push(read.problem);
      continue;
    }
    total += read.bytes;
    if (total > MAX_TOTAL_BYTES) {
      problems.push(fileProblem(f.display, `scenario files together exceed ${formatBytes(MAX_TOTAL_BYTES)}; this and later files are refused`));
      break;
    }
    const result = parseScenarioText(read.text!, f.display);
    problems.push(...boundProblems(result.problems));
    if (result.scenario) scenarios.push(result.scenario);
    if (result.name) names.push(result.name);
  }
  problems.push(...duplicateNames(names));
  if (problems.length > 0) throw new ScenarioError(problems);
  return scenarios;
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
