/**
 * `delegation-bench run`: load the scenarios, replay them under the three conditions, render,
 * and turn the gate into the exit code (docs/cli.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BaselineError } from '../guard/errors.js';
import { runPipeline, type PipelineConfig, type PipelineEdges, type PipelineOutcome } from '../pipeline/pipeline.js';
import { defaultWorkers } from '../pipeline/matrix.js';
import type { VerdictStatus } from '../pipeline/verdict.js';
import type { Results } from '../results/results.js';
import { percentFraction } from '../lib/percent.js';
import { collapseRepeatedWarnings } from '../lib/repeated-warnings.js';
import { renderJson } from '../report/json.js';
import { gateLines, renderTable } from '../report/table.js';
import type { MutantOptions } from '../analysis/mutants/analysis.js';
import type { ProbeOptions } from '../analysis/probes/types.js';
import { EXIT_FAILED, EXIT_OK, UsageError, type CliIO, type Command } from './io.js';
import { EXIT_INTERRUPTED } from './llm-run.js';
import { LLM_HELP, LLM_OPTIONS, parseLlmFlags, type LlmFlags } from './llm-flags.js';

export const RUN_HELP = `usage: delegation-bench run [--scenarios PATH]... [--scenario NAME]...
                           [--format table|markdown|json] [--out FILE]
                           [--max-asr PCT] [--min-tcr PCT] [--seed S] [--timings]
                           [--max-false-allows N] [--max-false-blocks N]
                           [--workers N]
                           [--no-mutants] [--min-mutation-score PCT]
                           [--no-probes] [--max-escapes N]
                           [--baseline REF [--baseline-exact] [--allow-widening] [--allow-suite-changes]]
                           [--sarif FILE] [--junit FILE]

Replays every scenario under no_warrant, broad and task_scoped warrants and gates on task_scoped.

  --scenarios PATH   a scenario file or folder (*.yaml, *.yml; the folders below it too, hidden
                     ones and node_modules excepted); repeatable; 'builtin' is the built-in
                     suite (the default when none is given). What was read goes to stderr.
  --scenario NAME    run only this scenario; repeatable
  --format F         table (default), markdown or json
  --out FILE         write the report in --format to FILE; the console then shows the table
  --max-asr PCT      highest task_scoped attack success rate that passes, in percent (default 0)
  --min-tcr PCT      lowest task_scoped task completion rate that passes, in percent (default 100)
  --max-false-allows N  most calls marked expect: deny that task_scoped may allow (default 0)
  --max-false-blocks N  most calls marked expect: allow that task_scoped may deny (default 0)
  --seed S           seed for keys, warrant ids and timestamps (default "delegation-bench");
                     the same seed gives byte-identical results
  --timings          add durations to the results (they make the output differ between runs)
  --workers N        threads to spread a large suite over (default: the machine's cores, but 1
                     with --no-probes --no-mutants on 2 cores or fewer); the results are the same
                     bytes for any N
  --no-mutants       skip the policy analysis (docs/analyses.md), which by default loosens each
                     task_scoped warrant one step at a time and replays the calls (does any
                     scripted attack notice?), reports coverage per grant, and the grants wider
                     than the legitimate calls need, with the tightest constraint that still
                     allows them
  --min-mutation-score PCT  lowest share of warrant mutants the scripted attacks must kill,
                     in percent (default: reported, not gated)
  --no-probes        skip the probes (docs/analyses.md), which by default send variants of
                     legitimate calls at each task_scoped constraint's boundary (path separators,
                     address lists, URL and IP spellings, shell assignments, ...) through the chain
                     and the environment, and report every probe the warrant allowed although the
                     same constraint denies what really happened (a policy hole)
  --max-escapes N    most probe escapes that pass; more fail the gate (probe_escape)
                     (default: reported, not gated)
  --baseline REF     also run the scenario files as they are at git REF (read with git, the work
                     tree untouched) and report decision flips, rate deltas and every widening of
                     a task_scoped grant, with a call the head allows and REF denied; widenings
                     fail the gate (authority_widened). Scenarios are matched by name, then by
                     file (a rename is one scenario); each of REF's scenarios is also replayed
                     under the matched head scenario's grant, and a REF attack that grant allows
                     is a widening. A scenario, an expect: deny call or an attack judge of REF
                     removed, relabelled or changed fails the gate (suite_weakened). REF is
                     read at its merge base with HEAD, as \`git diff REF...HEAD\` compares, so
                     a branch behind REF is not charged with what REF gained since
  --baseline-exact   compare with REF itself, not its merge base with HEAD
  --allow-widening   report widenings (and monotonicity escapes) without failing the gate
  --allow-suite-changes  report suite changes (suite_weakened) without failing the gate
  --sarif FILE       also write the findings as SARIF 2.1.0 (code scanning)
  --junit FILE       also write JUnit XML: a test case per scenario × condition

With --format json or markdown and no --out, the report goes to stdout and a failed gate's
violations to stderr.

exit codes: 0 gate passed, 1 gate failed (violations listed by scenario), 2 bad input or usage,
or a harness error (the run could not be carried out as written; it is never counted as a denial)
`;

const FORMATS = ['table', 'markdown', 'json'] as const;
type Format = (typeof FORMATS)[number];
const MAX_SEED_CHARS = 1024;

/** A percentage in [0, 100] (a trailing % is accepted; `-0` is 0) → a fraction (src/lib/percent.ts). */
export function parsePercent(flag: string, text: string): number {
  const fraction = percentFraction(text);
  if (fraction === undefined) throw new UsageError(`${flag} expects a percentage between 0 and 100, got '${text}'`);
  return fraction;
}

const MAX_WORKERS = 256;

/** A thread count: a whole number from 1 to MAX_WORKERS. */
function parseWorkers(text: string): number {
  const t = text.trim();
  const n = /^\d{1,4}$/.test(t) ? Number(t) : NaN;
  if (!(n >= 1 && n <= MAX_WORKERS)) throw new UsageError(`--workers expects a whole number from 1 to ${MAX_WORKERS}, got '${text}'`);
  return n;
}

/** A number of calls: a whole number ≥ 0. */
export function parseCallCount(flag: string, text: string): number {
  const t = text.trim();
  if (!/^\d{1,9}$/.test(t)) throw new UsageError(`${flag} expects a number of calls (a whole number ≥ 0), got '${text}'`);
  return Number(t);
}

function nonEmpty(flag: string, file: string | undefined): string | undefined {
  if (file !== undefined && file.trim() === '') throw new UsageError(`${flag} needs a file name`);
  return file;
}

/** The policy analysis runs unless `--no-mutants`; `--min-mutation-score PCT` gates its score. */
function mutantFlags(off: boolean | undefined, minScore: string | undefined): MutantOptions {
  if (minScore === undefined) return { enabled: !off };
  if (off) throw new UsageError('--min-mutation-score needs the warrant mutants: drop --no-mutants');
  return { enabled: true, minScore: parsePercent('--min-mutation-score', minScore) };
}

/** Probes run unless `--no-probes`; `--max-escapes N` gates their escapes. */
function probeFlags(off: boolean | undefined, maxEscapes: string | undefined): ProbeOptions {
  if (maxEscapes === undefined) return { enabled: !off };
  if (off) throw new UsageError('--max-escapes needs the probes: drop --no-probes');
  return { enabled: true, maxEscapes: parseCallCount('--max-escapes', maxEscapes) };
}

interface RunFlags {
  inputs: string[];
  names: string[];
  format: Format;
  out: string | undefined;
  maxAsr: number;
  minTcr: number;
  maxFalseAllows: number;
  maxFalseBlocks: number;
  seed: string;
  timings: boolean;
  workers: number;
  baseline: string | undefined;
  baselineExact: boolean;
  allowWidening: boolean;
  allowSuiteChanges: boolean;
  sarif: string | undefined;
  junit: string | undefined;
  mutants: MutantOptions;
  probes: ProbeOptions;
  help: boolean;
  llmValues: Parameters<typeof parseLlmFlags>[0];
}

const RUN_OPTIONS = {
  scenarios: { type: 'string', multiple: true },
  scenario: { type: 'string', multiple: true },
  format: { type: 'string' },
  out: { type: 'string' },
  'max-asr': { type: 'string' },
  'min-tcr': { type: 'string' },
  'max-false-allows': { type: 'string' },
  'max-false-blocks': { type: 'string' },
  seed: { type: 'string' },
  timings: { type: 'boolean' },
  workers: { type: 'string' },
  baseline: { type: 'string' },
  'baseline-exact': { type: 'boolean' },
  'allow-widening': { type: 'boolean' },
  'allow-suite-changes': { type: 'boolean' },
  sarif: { type: 'string' },
  junit: { type: 'string' },
  'no-mutants': { type: 'boolean' },
  'min-mutation-score': { type: 'string' },
  'no-probes': { type: 'boolean' },
  'max-escapes': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  ...LLM_OPTIONS,
} as const;

/**
 * `--min-tcr -0`: node's parseArgs refuses a value that starts with '-' as "ambiguous". No option
 * of ours looks like a number, so a number after an option that takes a value is that value: it is
 * joined to it (`--min-tcr=-0`) and the option's own check decides (-0 is 0, -1 is refused).
 */
function joinNumberValues(argv: readonly string[], options: Readonly<Record<string, { type: string }>>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const next = argv[i + 1];
    const takesValue = a.startsWith('--') && !a.includes('=') && options[a.slice(2)]?.type === 'string';
    if (takesValue && next !== undefined && /^-\.?\d/.test(next)) {
      out.push(`${a}=${next}`);
      i++;
    } else {
      out.push(a);
    }
  }
  return out;
}

/** The flags of `run`; `cores`: the machine's, which `--workers` defaults from (a parameter for the tests). */
export function parseFlags(argv: string[], cores?: number): RunFlags {
  let parsed;
  try {
    parsed = parseArgs({ args: joinNumberValues(argv, RUN_OPTIONS), strict: true, allowPositionals: false, options: RUN_OPTIONS });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${RUN_HELP}`);
  }
  const v = parsed.values;
  const format = v.format ?? 'table';
  if (!(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got '${format}'`);
  }
  const seed = v.seed ?? 'delegation-bench';
  if (seed.length === 0 || seed.length > MAX_SEED_CHARS) {
    throw new UsageError(`--seed must be 1 to ${MAX_SEED_CHARS} characters`);
  }
  if (v.out !== undefined && v.out.trim() === '') throw new UsageError('--out needs a file name');
  if (v['baseline-exact'] && v.baseline === undefined) throw new UsageError('--baseline-exact needs --baseline REF');
  const mutants = mutantFlags(v['no-mutants'], v['min-mutation-score']);
  const probes = probeFlags(v['no-probes'], v['max-escapes']);
  return {
    inputs: v.scenarios ?? [],
    names: v.scenario ?? [],
    format: format as Format,
    out: v.out,
    maxAsr: v['max-asr'] === undefined ? 0 : parsePercent('--max-asr', v['max-asr']),
    minTcr: v['min-tcr'] === undefined ? 1 : parsePercent('--min-tcr', v['min-tcr']),
    maxFalseAllows: v['max-false-allows'] === undefined ? 0 : parseCallCount('--max-false-allows', v['max-false-allows']),
    maxFalseBlocks: v['max-false-blocks'] === undefined ? 0 : parseCallCount('--max-false-blocks', v['max-false-blocks']),
    seed,
    timings: v.timings ?? false,
    workers: v.workers === undefined ? defaultWorkers({ probes, mutants }, cores) : parseWorkers(v.workers),
    baseline: v.baseline,
    baselineExact: v['baseline-exact'] ?? false,
    allowWidening: v['allow-widening'] ?? false,
    allowSuiteChanges: v['allow-suite-changes'] ?? false,
    sarif: nonEmpty('--sarif', v.sarif),
    junit: nonEmpty('--junit', v.junit),
    mutants,
    probes,
    help: v.help ?? false,
    llmValues: v,
  };
}

export const runCommand: Command = async (argv: string[], io: CliIO) => {
  const flags = parseFlags(argv);
  if (flags.help) {
    io.stdout(RUN_HELP + LLM_HELP);
    return EXIT_OK;
  }
  const llm = parseLlmFlags(flags.llmValues, io.env ?? {});
  const outcome = await runWithFlags(flags, llm, io);
  if (typeof outcome === 'number') return outcome;
  await writeReport(flags, outcome.results, io);
  return exitCode(outcome.verdict.status);
};

/** The pipeline's configuration from the flags: the only thing the flags decide. */
async function pipelineConfig(flags: RunFlags, llm: LlmFlags, io: CliIO): Promise<PipelineConfig> {
  return {
    scenarios: flags.inputs,
    names: flags.names,
    cwd: io.cwd,
    seed: flags.seed,
    workers: flags.workers,
    timings: flags.timings,
    thresholds: { maxAsr: flags.maxAsr, minTcr: flags.minTcr, maxFalseAllows: flags.maxFalseAllows, maxFalseBlocks: flags.maxFalseBlocks },
    analyses: { probes: flags.probes, mutants: flags.mutants },
    ...(flags.baseline !== undefined
      ? {
          baseline: {
            ref: flags.baseline,
            allowWidening: flags.allowWidening,
            allowSuiteChanges: flags.allowSuiteChanges,
            fetch: false,
            // docs/guard.md#which-base: what `git diff REF...HEAD` compares, unless REF itself is asked for.
            mergeBase: !flags.baselineExact,
          },
        }
      : {}),
    allowWidening: flags.allowWidening,
    mode: llm.mode,
    ...(llm.mode !== 'deterministic' ? { llm: await (await import('./llm-run.js')).llmConfig(llm, io) } : {}),
  };
}

/** Runs the pipeline with the console as its edges: the outcome, or an exit code. */
async function runWithFlags(flags: RunFlags, llm: LlmFlags, io: CliIO): Promise<PipelineOutcome | number> {
  const config = await pipelineConfig(flags, llm, io);
  const stage = llm.mode === 'deterministic' ? undefined : (await import('./llm-run.js')).llmEdges(io);
  const edges: PipelineEdges = {
    loaded: (warnings, summary) => {
      for (const w of collapseRepeatedWarnings(warnings)) io.stderr(`warning: ${w}\n`); // every one: validate
      io.stderr(`${summary}\n`);
    },
    compared: async (outcome) => {
      for (const p of outcome.problems.slice(0, 20)) io.stderr(`warning: baseline: ${p}\n`);
      io.stderr((await import('./ci-files.js')).baselineLines(outcome.baseline).join('\n') + '\n');
    },
    ...stage?.edges,
  };
  let outcome: PipelineOutcome;
  try {
    outcome = await runPipeline(config, edges);
  } catch (e) {
    // Which flag the base came from: only this command knows (errors.ts maps the rest by kind).
    if (e instanceof BaselineError) throw new UsageError(`--baseline: ${e.code}: ${e.message}`, { cause: e });
    throw e;
  } finally {
    stage?.done();
  }
  const stopped = outcome.results.llm?.stopped;
  if (stopped) io.stderr(`delegation-bench: LLM run stopped: ${stopped.message}; continue it with --resume FILE (a --format json file)\n`);
  return outcome;
}

/** The verdict as an exit code (docs/cli.md, "Exit codes"). */
function exitCode(status: VerdictStatus): number {
  switch (status) {
    case 'passed':
    case 'deferred': // a shard: the merge of all the shards gives the verdict
      return EXIT_OK;
    case 'interrupted':
      return EXIT_INTERRUPTED;
    case 'failed':
    case 'incomplete':
      return EXIT_FAILED;
  }
}

/** Renders and writes the results. */
async function writeReport(flags: RunFlags, results: Results, io: CliIO): Promise<void> {
  const table = renderTable(results);
  let report: string;
  if (flags.format === 'json') report = renderJson(results);
  else if (flags.format === 'markdown') {
    report = (await import('../report/markdown.js')).renderMarkdown(results, { name: 'delegation-bench' });
  } else report = table;

  if (flags.out !== undefined) {
    const path = resolve(io.cwd, flags.out);
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, report);
    } catch (e) {
      throw new UsageError(`cannot write ${flags.out}: ${(e as Error).message}`);
    }
    io.stdout(table);
  } else {
    io.stdout(report);
    // JSON or markdown on stdout is for a machine or a file: the verdict goes to stderr.
    if (flags.format !== 'table' && !results.gate.passed) {
      io.stderr(gateLines(results).join('\n') + '\n');
    }
  }
  if (flags.sarif !== undefined || flags.junit !== undefined) {
    await (await import('./ci-files.js')).writeCiFiles(results, { sarif: flags.sarif, junit: flags.junit }, io.cwd);
  }
}
