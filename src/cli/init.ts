/**
 * `delegation-bench init --from-trace FILE [--tools PATH] [--policy PATH] [--name NAME]
 * [--trace-id ID] --out FILE`: a scenario from a recorded run of an agent (docs/cli.md, "init").
 * The written file is loaded back as `validate` loads it before the command reports success.
 */
import { escapeControls } from '../lib/control-chars.js';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scenarioFromTrace } from '../init/scenario-from-trace.js';
import type { CustomTool } from '../model/scenario.js';
import { describeTool, readToolsList } from '../import/tools/index.js';
import { readTrace, type RecordedRun } from '../import/trace/index.js';
import { formatProblem, sortProblems, type ScenarioProblem } from '../scenario/errors.js';
import { MAX_CALLS, MAX_FILE_BYTES } from '../scenario/limits.js';
import { parseScenarioText } from '../scenario/parse/index.js';
import { EXIT_OK, UsageError, type Command } from './io.js';
import { BenchError } from '../lib/errors.js';

const USAGE = `usage: delegation-bench init --from-trace FILE [--tools PATH] [--policy PATH] [--name NAME]
                            [--trace-id ID] --out FILE [--force]
  --from-trace FILE  an OpenTelemetry trace in OTLP/JSON (spans with gen_ai.operation.name
                     execute_tool), JSON lines of {"tool", "args", "result"}, or a Claude Code
                     session transcript (~/.claude/projects/.../SESSION.jsonl)
  --tools PATH       an MCP tools/list result declaring the tools that are not built in
                     (written as tools: {from: PATH}, with each called tool's result)
  --policy PATH      a Tenuo policy or token as the grant (written as warrant: {from: PATH});
                     without it, the tightest grant that allows the recorded calls
  --name NAME        the scenario's name (default: from the trace file's name)
  --trace-id ID      the trace to use when the file holds several
  --out FILE         the scenario file to write (folders created); an existing file is kept
  --force            replace an existing --out FILE`;

interface InitArgs {
  fromTrace?: string;
  tools?: string;
  policy?: string;
  name?: string;
  traceId?: string;
  out?: string;
  force: boolean;
  help: boolean;
}

const OPTIONS: Readonly<Record<string, Exclude<keyof InitArgs, 'help' | 'force'>>> = {
  '--from-trace': 'fromTrace',
  '--tools': 'tools',
  '--policy': 'policy',
  '--name': 'name',
  '--trace-id': 'traceId',
  '--out': 'out',
};

export function parseInitArgs(argv: readonly string[]): InitArgs {
  const out: InitArgs = { help: false, force: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return { ...out, help: true };
    if (a === '--force') {
      out.force = true;
      continue;
    }
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
  // A folder given to --scenarios is read for these names only: any other would be skipped there.
  if (!/\.ya?ml$/i.test(out.out))
    throw new UsageError(
      `--out: '${out.out}' does not end in .yaml or .yml; run and validate read a folder's scenarios by those names only`,
    );
  if (out.name !== undefined && !SCENARIO_NAME.test(out.name))
    throw new UsageError(`--name: '${out.name}' is not a scenario name (1-64 lower-case letters, digits, _ and -)`);
  return out;
}

/** As scenarios/scenario.schema.json has it: the written file must validate. */
const SCENARIO_NAME = /^[a-z0-9_-]{1,64}$/;

/** The scenario's name from the trace file's: lower case, other characters as `_`, at most 64. */
export function nameFromFile(file: string): string {
  const base = path
    .basename(file)
    .replace(/\.(jsonl?|ndjson|otlp)$/i, '')
    .replace(/\.json$/i, '');
  const name = base
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '_')
    .slice(0, 64)
    .replace(/^_+|_+$/g, '');
  return name || 'recorded_run';
}

/** Input init refuses, or a scenario it will not write: every problem, each a line; exit 2. */
class InitError extends BenchError {
  override readonly name = 'InitError';
  readonly kind = 'input' as const;
  readonly code = 'init_refused';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** A trace or tool list larger than this is refused rather than read into memory. */
const MAX_INPUT_BYTES = 64 * 1024 * 1024;

function fsReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'is a folder';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return code ?? (e as Error).message;
}

/**
 * The file as UTF-8 text, a byte-order mark dropped; bytes that are not UTF-8 are refused at
 * their line and column rather than read as U+FFFD (a path with one would be a path never seen).
 */
async function readText(file: string, cwd: string): Promise<string> {
  let bytes: Buffer;
  try {
    const full = path.resolve(cwd, file);
    const info = await stat(full);
    if (info.isDirectory()) throw new InitError([`${file}: is a folder; name the file`]);
    if (info.size > MAX_INPUT_BYTES)
      throw new InitError([`${file}: ${info.size} bytes is more than init reads (${MAX_INPUT_BYTES}); export one run of the agent`]);
    bytes = await readFile(full);
  } catch (e) {
    if (e instanceof InitError) throw e;
    throw new InitError([`${file}: cannot read: ${fsReason(e)}`]);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    const { line, col } = firstNonUtf8(bytes);
    throw new InitError([
      `${file}:${line}:${col}: not UTF-8 text (a byte that is no part of a UTF-8 character); traces and tool lists are JSON, which is UTF-8`,
    ]);
  }
}

/** Where the first byte that is not UTF-8 is: the first byte a lenient decode does not give back. */
function firstNonUtf8(bytes: Buffer): { line: number; col: number } {
  const again = Buffer.from(new TextDecoder('utf-8').decode(bytes), 'utf8');
  let i = 0;
  while (i < bytes.length && bytes[i] === again[i]) i++;
  const lineStart = bytes.lastIndexOf(0x0a, i - 1) + 1;
  const line = bytes.subarray(0, lineStart).filter((b) => b === 0x0a).length + 1;
  return { line, col: new TextDecoder('utf-8').decode(bytes.subarray(lineStart, i)).length + 1 };
}

function skippedLine(run: RecordedRun): string {
  const parts = Object.entries(run.skipped)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([op, n]) => `${n} ${op}`);
  const plural = Object.values(run.skipped).reduce((x, y) => x + y, 0) === 1 ? '' : 's';
  if (parts.length === 0) return '';
  return run.format === 'claude_code'
    ? `; skipped ${parts.join(', ')} call${plural} (Claude Code's bookkeeping: no effect)`
    : `; skipped ${parts.join(', ')} span${plural} (not tool executions)`;
}

/** The tools of an MCP `tools/list` result, read as `tools: {from: PATH}` reads them (src/import/tools/). */
function toolsOf(text: string, file: string): Readonly<Record<string, CustomTool>> {
  const r = readToolsList(text, {});
  if (!r.ok)
    throw new InitError(r.problems.map((p) => `${file}${p.position ? `:${p.position.line}:${p.position.col}` : ''}: ${p.message}`));
  return r.tools;
}

/** The calls without a recorded result: the environment cannot hold what they saw. */
function missingResults(run: RecordedRun, file: string): string | undefined {
  const missing = run.calls.filter((c) => c.result === undefined);
  if (missing.length === 0) return undefined;
  const first = missing[0]!;
  return `warning: ${file}: ${missing.length} of ${run.calls.length} calls have no recorded result (${{ otlp: 'gen_ai.tool.call.result', jsonl: 'result', claude_code: 'tool_result' }[run.format]}; the first: ${first.tool} at ${first.where}): what they read is not in the environment, and a tool from --tools returns ""\n`;
}

/** An existing --out is kept unless --force: a written scenario is meant to be reviewed and edited. */
async function checkOut(outFile: string, outAbs: string, force: boolean): Promise<void> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(outAbs)).isDirectory();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new InitError([`${outFile}: cannot write: ${fsReason(e)}`]);
  }
  if (isDirectory)
    throw new InitError([
      `--out ${outFile}: is a folder; name the scenario file to write in it (e.g. ${path.posix.join(outFile, 'scenario.yaml')})`,
    ]);
  if (!force)
    throw new InitError([
      `--out ${outFile}: the file exists and is kept (it may hold your review of the judges and the grant); pass --force to replace it`,
    ]);
}

/**
 * The written scenario, loaded as `validate` loads it, before anything is written. A problem at
 * `warrant.from` is the --policy file's (a token that does not verify): named by the path the user
 * gave. A tenuo.yaml's problems are at their own lines already. Anything else is init's own bug.
 */
function checkScenario(
  yaml: string,
  outFile: string,
  outAbs: string,
  policy: { from: string; given: string } | undefined,
): { warnings: readonly string[] } {
  const bytes = Buffer.byteLength(yaml);
  if (bytes > MAX_FILE_BYTES) {
    throw new InitError([
      `${outFile}: the scenario would be ${bytes} bytes, more than a scenario file may hold (${MAX_FILE_BYTES}); the recorded run is too large to replay as one: record a shorter run, or choose one trace with --trace-id`,
    ]);
  }
  const result = parseScenarioText(yaml, outFile, { abs: outAbs });
  if (result.problems.length === 0) return { warnings: result.warnings };
  const prefix = policy === undefined ? undefined : `warrant.from: '${policy.from}': `;
  const lines = sortProblems(result.problems).map((p: ScenarioProblem) =>
    prefix !== undefined && p.file === outFile && p.message.startsWith(prefix)
      ? `${policy!.given}: ${p.message.slice(prefix.length)}`
      : formatProblem(p),
  );
  const theirs = result.problems.every((p) => p.file !== outFile || (prefix !== undefined && p.message.startsWith(prefix)));
  lines.push(
    theirs
      ? `nothing written to ${outFile}: the scenario does not validate with --policy ${policy!.given}`
      : `nothing written to ${outFile}: init made a scenario that does not validate (a bug: please report it with the trace)`,
  );
  throw new InitError(lines);
}

export const initCommand: Command = async (argv, io) => {
  const args = parseInitArgs(argv);
  if (args.help) {
    io.stdout(`${USAGE}\n`);
    return EXIT_OK;
  }
  const outFile = args.out!;
  // What a trace, a tools list or a policy file holds reaches the console on one line (no control characters).
  const say = (line: string): void => io.stderr(`${escapeControls(line)}\n`);
  const outAbs = path.resolve(io.cwd, outFile);
  await checkOut(outFile, outAbs, args.force);
  const run = readTrace(
    await readText(args.fromTrace!, io.cwd),
    args.fromTrace!,
    args.traceId === undefined ? {} : { traceId: args.traceId },
  );
  const tools = args.tools === undefined ? undefined : toolsOf(await readText(args.tools, io.cwd), args.tools);
  const outDir = path.dirname(outAbs);
  const relativeToOut = (file: string): string => path.relative(outDir, path.resolve(io.cwd, file)).split(path.sep).join('/');
  const policyFrom = args.policy === undefined ? undefined : relativeToOut(args.policy);
  const scenario = scenarioFromTrace({
    name: args.name ?? nameFromFile(args.fromTrace!),
    traceName: path.basename(args.fromTrace!),
    calls: run.calls,
    ...(run.cwd === undefined ? {} : { cwd: run.cwd }),
    ...(tools === undefined ? {} : { toolList: { from: relativeToOut(args.tools!), tools } }),
    ...(policyFrom === undefined ? {} : { policyFrom }),
  });
  if (scenario.recorded + scenario.attacks > MAX_CALLS) {
    throw new InitError([
      `${args.fromTrace}: ${scenario.recorded} recorded calls and ${scenario.attacks} attacks are more than a scenario holds (${MAX_CALLS} calls); record a shorter run, or choose one trace with --trace-id`,
    ]);
  }
  say(`read ${args.fromTrace}: ${run.calls.length} tool call${run.calls.length === 1 ? '' : 's'}${skippedLine(run)}`);
  for (const tool of scenario.customTools) say(`declared ${describeTool(tool, tools![tool]!)} from ${args.tools}`);
  const { warnings } = checkScenario(
    scenario.yaml,
    outFile,
    outAbs,
    policyFrom === undefined ? undefined : { from: policyFrom, given: args.policy! },
  );
  await mkdir(outDir, { recursive: true });
  try {
    // 'wx': a file that appeared since the check is still not replaced without --force.
    await writeFile(outAbs, scenario.yaml, { flag: args.force ? 'w' : 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') await checkOut(outFile, outAbs, args.force);
    throw new InitError([`${outFile}: cannot write: ${fsReason(e)}`]);
  }
  for (const w of warnings) io.stderr(`warning: ${w}\n`);
  for (const note of scenario.leftOut) say(`warning: ${args.fromTrace}: ${note}`);
  const missing = missingResults(run, args.fromTrace!);
  if (missing !== undefined) io.stderr(missing);
  if (scenario.attacks === 0) {
    io.stderr(
      `warning: ${outFile}: no attack written: no recorded tool has a parameter the attack library aims at (a path, shell command, URL, recipients or amount); add expect: deny calls and judge.attack by hand, or run reports the scenario as testing nothing\n`,
    );
  }
  io.stdout(
    `wrote ${outFile}: scenario ${scenario.name}, ${scenario.recorded} recorded call${scenario.recorded === 1 ? '' : 's'}, ${scenario.attacks} attack${scenario.attacks === 1 ? '' : 's'} (expect: deny)\n`,
  );
  return EXIT_OK;
};
