/**
 * `delegation-bench init --from-trace FILE [--tools PATH] [--policy PATH] [--name NAME]
 * [--trace-id ID] --out FILE`: a scenario from a recorded run of an agent (docs/cli.md, "init").
 * The written file is loaded back as `validate` loads it before the command reports success.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scenarioFromTrace } from '../analysis/from-trace/scenario.js';
import type { CustomTool } from '../model/scenario.js';
import { describeTool, readToolsList } from '../import/tools.js';
import { readTrace, TraceError } from '../import/trace.js';
import { ScenarioError } from '../scenario/errors.js';
import { loadScenarioSet } from '../scenario/load.js';
import { EXIT_OK, EXIT_USAGE, UsageError, type Command } from './io.js';

const USAGE = `usage: delegation-bench init --from-trace FILE [--tools PATH] [--policy PATH] [--name NAME]
                            [--trace-id ID] --out FILE
  --from-trace FILE  an OpenTelemetry trace in OTLP/JSON (spans with gen_ai.operation.name
                     execute_tool), or JSON lines of {"tool", "args", "result"}
  --tools PATH       an MCP tools/list result declaring the tools that are not built in
                     (written as tools: {from: PATH}, with each called tool's result)
  --policy PATH      a Tenuo policy or token as the grant (written as warrant: {from: PATH});
                     without it, the tightest grant that allows the recorded calls
  --name NAME        the scenario's name (default: from the trace file's name)
  --trace-id ID      the trace to use when the file holds several
  --out FILE         the scenario file to write`;

interface InitArgs {
  fromTrace?: string;
  tools?: string;
  policy?: string;
  name?: string;
  traceId?: string;
  out?: string;
  help: boolean;
}

const OPTIONS: Readonly<Record<string, Exclude<keyof InitArgs, 'help'>>> = {
  '--from-trace': 'fromTrace',
  '--tools': 'tools',
  '--policy': 'policy',
  '--name': 'name',
  '--trace-id': 'traceId',
  '--out': 'out',
};

export function parseInitArgs(argv: readonly string[]): InitArgs {
  const out: InitArgs = { help: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { ...out, help: true };
    const eq = a.indexOf('=');
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const key = Object.hasOwn(OPTIONS, flag) ? OPTIONS[flag]! : undefined;
    if (!key) throw new UsageError(`${a.startsWith('-') ? `unknown option '${a}'` : `unexpected argument '${a}'`}\n${USAGE}`);
    const v = eq > 0 && flag !== a ? a.slice(eq + 1) : argv[++i];
    if (v === undefined || v === '') throw new UsageError(`${flag} needs a value\n${USAGE}`);
    if (out[key] !== undefined) throw new UsageError(`${flag} given twice`);
    out[key] = v;
  }
  if (!out.fromTrace) throw new UsageError(`--from-trace FILE is required\n${USAGE}`);
  if (!out.out) throw new UsageError(`--out FILE is required\n${USAGE}`);
  if (out.name !== undefined && !/^[a-z0-9_-]+$/.test(out.name)) throw new UsageError(`--name: '${out.name}' is not a scenario name ([a-z0-9_-]+)`);
  return out;
}

/** The scenario's name from the trace file's: lower case, other characters as `_`. */
export function nameFromFile(file: string): string {
  const base = path.basename(file).replace(/\.(jsonl?|ndjson|otlp)$/i, '').replace(/\.json$/i, '');
  return base.toLowerCase().replace(/[^a-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '') || 'recorded_run';
}

/** A trace or tool list larger than this is refused rather than read into memory. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

async function readText(file: string, cwd: string): Promise<string> {
  try {
    const full = path.resolve(cwd, file);
    const { size } = await stat(full);
    if (size > MAX_INPUT_BYTES) throw new TraceError([`${file}: ${size} bytes is more than init reads (${MAX_INPUT_BYTES}); export one run of the agent`]);
    return await readFile(full, 'utf8');
  } catch (e) {
    if (e instanceof TraceError) throw e;
    throw new TraceError([`${file}: cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`]);
  }
}

function skippedLine(skipped: Readonly<Record<string, number>>): string {
  const parts = Object.entries(skipped)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([op, n]) => `${n} ${op}`);
  return parts.length === 0 ? '' : `; skipped ${parts.join(', ')} span${Object.values(skipped).reduce((x, y) => x + y, 0) === 1 ? '' : 's'} (not tool executions)`;
}

/** The tools of an MCP `tools/list` result, read as `tools: {from: PATH}` reads them (src/import/tools.ts). */
function toolsOf(text: string, file: string): Readonly<Record<string, CustomTool>> {
  const r = readToolsList(text, {});
  if (!r.ok) throw new TraceError(r.problems.map((p) => `${file}: ${p.message}`));
  return r.tools;
}

export const initCommand: Command = async (argv, io) => {
  const args = parseInitArgs(argv);
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  const outFile = args.out!;
  try {
    const run = readTrace(await readText(args.fromTrace!, io.cwd), args.fromTrace!, args.traceId === undefined ? {} : { traceId: args.traceId });
    const tools = args.tools === undefined ? undefined : toolsOf(await readText(args.tools, io.cwd), args.tools);
    const outDir = path.dirname(path.resolve(io.cwd, outFile));
    const relativeToOut = (file: string): string => path.relative(outDir, path.resolve(io.cwd, file)).split(path.sep).join('/');
    const policyFrom = args.policy === undefined ? undefined : relativeToOut(args.policy);
    const scenario = scenarioFromTrace({
      name: args.name ?? nameFromFile(args.fromTrace!),
      traceName: path.basename(args.fromTrace!),
      calls: run.calls,
      ...(tools === undefined ? {} : { toolList: { from: relativeToOut(args.tools!), tools } }),
      ...(policyFrom === undefined ? {} : { policyFrom }),
    });
    io.stderr(`read ${args.fromTrace}: ${run.calls.length} tool call${run.calls.length === 1 ? '' : 's'}${skippedLine(run.skipped)}\n`);
    for (const tool of scenario.customTools) io.stderr(`declared ${describeTool(tool, tools![tool]!)} from ${args.tools}\n`);
    await mkdir(outDir, { recursive: true });
    await writeFile(path.resolve(io.cwd, outFile), scenario.yaml);
    // The file must load as `validate` and `run` load it; a problem here is reported as theirs.
    const set = await loadScenarioSet([outFile], io.cwd);
    for (const w of set.warnings) io.stderr(`warning: ${w}\n`);
    if (scenario.attacks === 0) {
      io.stderr(`warning: ${outFile}: no attack written: no recorded tool has a parameter the attack library aims at (a path, shell command, URL, recipients or amount); add expect: deny calls and judge.attack by hand, or run reports the scenario as testing nothing\n`);
    }
    const name = set.scenarios[0]?.name ?? '';
    io.stdout(`wrote ${outFile}: scenario ${name}, ${scenario.recorded} recorded call${scenario.recorded === 1 ? '' : 's'}, ${scenario.attacks} attack${scenario.attacks === 1 ? '' : 's'} (expect: deny)\n`);
    return EXIT_OK;
  } catch (e) {
    if (e instanceof TraceError) {
      io.stderr(`${e.message}\n`);
      return EXIT_USAGE;
    }
    if (e instanceof ScenarioError) {
      io.stderr(`${e.format()}\n${e.message}\n${outFile}: the written scenario does not validate\n`);
      return EXIT_USAGE;
    }
    throw e;
  }
};
