/**
 * The YAML path of the loader: `--scenarios` inputs → validated scenarios, or a ScenarioError
 * listing every problem of every file (design §3). Files are read within bounds (limits.ts); each
 * is parsed and checked on its own (here, or by a `ScenarioParser` such as the run's worker
 * threads), then names are checked across files. Problems and warnings come out in file order,
 * whoever parsed the files.
 */
import { boundProblems } from './bounded.js';
import { ScenarioError, type ScenarioProblem } from './errors.js';
import { fileProblem, formatBytes, readScenarioFile, resolveInputs, type ScenarioFile } from './files.js';
import { MAX_TOTAL_BYTES } from './limits.js';
import { parseScenarioText, type ParseResult } from './parse.js';
import type { Scenario, SourcePos } from './types.js';
import { addLoaderWarnings, drainLoaderWarnings } from './warnings.js';

/** One file's text, to be parsed. */
export interface ParseItem {
  readonly text: string;
  readonly display: string;
}

/** What parsing one file gives: the parse result and the loader warnings it raised, in order. */
export interface ParsedItem {
  readonly result: ParseResult;
  readonly warnings: readonly string[];
}

/** Who parses the files: in any way, giving one ParsedItem per item in the same order. */
export interface ScenarioParser {
  parse(items: readonly ParseItem[]): Promise<ParsedItem[]>;
  /** Told how many files there are before they are read (so that threads can start meanwhile). */
  expect?(count: number): void;
}

/** One file parsed on this thread, with the warnings it raised (none may be pending before). */
export function parseItem(item: ParseItem): ParsedItem {
  const result = parseScenarioText(item.text, item.display);
  return { result, warnings: drainLoaderWarnings() };
}

/** Every file parsed here, in order. Warnings raised before are kept before. */
export function parseHere(items: readonly ParseItem[]): ParsedItem[] {
  const earlier = drainLoaderWarnings();
  const parsed = items.map(parseItem);
  addLoaderWarnings(earlier);
  return parsed;
}

/** The default parser: this thread. */
export const HERE: ScenarioParser = { parse: async (items) => parseHere(items) };

/**
 * Files read ahead of the one being handled: a read is several round trips to the file system's
 * thread pool, and 1,000 files read one after the other left this thread idle a third of the time.
 * Few enough to stay far from the open-file limit.
 */
const READ_AHEAD = 16;

type Read = Awaited<ReturnType<typeof readScenarioFile>>;

/**
 * Reads `files` in order, READ_AHEAD at a time, and stops at the first file that would take the
 * total over MAX_TOTAL_BYTES (that file and the later ones are refused, as one problem).
 */
async function readAll(files: readonly ScenarioFile[]): Promise<{ file: ScenarioFile; read: Read }[]> {
  const out: { file: ScenarioFile; read: Read }[] = [];
  const ahead: Promise<Read>[] = [];
  let next = 0;
  let total = 0;
  for (const file of files) {
    while (next < files.length && ahead.length < READ_AHEAD) ahead.push(readScenarioFile(files[next++]!));
    const read = await ahead.shift()!;
    if (read.problem === undefined) {
      total += read.bytes;
      if (total > MAX_TOTAL_BYTES) {
        const problem = fileProblem(file.display, `scenario files together exceed ${formatBytes(MAX_TOTAL_BYTES)}; this and later files are refused`);
        out.push({ file, read: { bytes: 0, problem } });
        // The reads still under way close their own files; their results are not wanted.
        await Promise.allSettled(ahead);
        break;
      }
    }
    out.push({ file, read });
  }
  return out;
}

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
  parser: ScenarioParser = HERE,
): Promise<Scenario[]> {
  const { files, problems } = await resolveInputs(inputs, cwd, builtinDir, confine);
  parser.expect?.(files.length);
  const reads = await readAll(files);
  const items = reads.flatMap(({ file, read }) => (read.text === undefined ? [] : [{ text: read.text, display: file.display }]));
  const parsed = await parser.parse(items);
  if (parsed.length !== items.length) throw new Error(`the scenario parser gave ${parsed.length} results for ${items.length} files`);
  const scenarios: Scenario[] = [];
  const names: { value: string; source: SourcePos }[] = [];
  let k = 0;
  for (const { read } of reads) {
    if (read.problem) {
      problems.push(read.problem);
      continue;
    }
    const { result, warnings } = parsed[k++]!;
    addLoaderWarnings(warnings);
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
