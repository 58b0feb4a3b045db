/**
 * Reading an AgentDojo export (docs/agentdojo.md): the JSON text checked against the format's
 * shape, then against itself (every call names a declared tool with its parameters, every pair
 * names declared tasks and vectors), every problem at once as `FILE: $.json.path: what is wrong`.
 * Numbers keep how the file wrote them (`98.7` and `1100.0` are floats, `100` an int), as a
 * scenario and Tenuo tell them apart.
 */
import { BenchError } from '../../lib/errors.js';
import { Float } from '../../lib/float.js';
import type { Value } from '../../warrant/constraint-value.js';
import { isReservedName } from '../../world/tools.js';
import { dollarPath, jsonPath, lineCol, parseJson, scanJsonText, type JsonPathSegment } from '../json-text.js';
import { EXPORT_FORMAT, EXPORT_LIMITS, exportSchema, type RawExport } from './export-schema.js';
import type { AdCall, AdInjectionTask, AdPair, AdTool, AdUserTask, AgentDojoExport } from './types.js';

/** An export the importer refuses: every problem, each a line; exit 2. */
export class AgentDojoExportError extends BenchError {
  override readonly name = 'AgentDojoExportError';
  readonly kind = 'input' as const;
  readonly code = 'agentdojo_export_invalid';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

/** A JSON value with each number as its literal was written: a fraction or an exponent makes a Float. */
function toValue(raw: unknown, path: JsonPathSegment[], numbers: ReadonlyMap<string, string>): Value {
  if (typeof raw === 'number') {
    const literal = numbers.get(jsonPath(path)) ?? String(raw);
    return /[.eE]/.test(literal) ? new Float(raw) : raw;
  }
  if (Array.isArray(raw)) return raw.map((x, i) => toValue(x, [...path, i], numbers));
  if (raw !== null && typeof raw === 'object') {
    const out: Record<string, Value> = {};
    for (const [k, x] of Object.entries(raw)) out[k] = toValue(x, [...path, k], numbers);
    return out;
  }
  return raw as Value;
}

function toArgs(raw: Record<string, unknown>, path: JsonPathSegment[], numbers: ReadonlyMap<string, string>): Record<string, Value> {
  return toValue(raw, path, numbers) as Record<string, Value>;
}

function toolOf(raw: RawExport['tools'][number]): AdTool {
  const params = Object.keys(raw.parameters.properties);
  const required = raw.parameters.required ?? [];
  const defaults: Record<string, Value> = {};
  for (const p of params) {
    if (required.includes(p)) continue;
    const d = raw.parameters.properties[p]!.default;
    defaults[p] = d === undefined ? null : (d as Value);
  }
  return { name: raw.name, description: raw.description, params, required, defaults, stateChanging: raw.effect === 'state_changing' };
}

class Checker {
  readonly problems: string[] = [];
  constructor(readonly file: string) {}
  at(path: JsonPathSegment[], message: string): void {
    this.problems.push(`${this.file}: ${dollarPath(path)}: ${message}`);
  }
}

function checkCall(
  check: Checker,
  tools: ReadonlyMap<string, AdTool>,
  call: RawExport['user_tasks'][number]['ground_truth'][number],
  path: JsonPathSegment[],
): void {
  const tool = tools.get(call.function);
  if (tool === undefined) {
    check.at([...path, 'function'], `'${call.function}' is not a tool the export declares (declared: ${[...tools.keys()].join(', ')})`);
    return;
  }
  for (const key of ['args', 'args_template'] as const) {
    const args = call[key];
    if (args === undefined) continue;
    for (const a of Object.keys(args))
      if (!tool.params.includes(a))
        check.at([...path, key, a], `'${a}' is not a parameter of ${tool.name} (parameters: ${tool.params.join(', ') || 'none'})`);
    for (const r of tool.required)
      if (!Object.hasOwn(args, r)) check.at([...path, key], `${tool.name}() is missing its required argument '${r}'`);
  }
}

function checkDuplicates(check: Checker, ids: readonly string[], path: JsonPathSegment[], what: string): void {
  const seen = new Set<string>();
  ids.forEach((id, i) => {
    if (seen.has(id)) check.at([...path, i], `${what} '${id}' is declared twice`);
    seen.add(id);
  });
}

/** How deep arrays and objects may nest in an export: AgentDojo's own are under 10 deep. */
const MAX_DEPTH = 64;

/** The path of the first value nested deeper than MAX_DEPTH, found without recursion (a deep file must not overflow the stack). */
function firstTooDeep(root: unknown): JsonPathSegment[] | undefined {
  const stack: { value: unknown; path: JsonPathSegment[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length > MAX_DEPTH) return path;
    const entries: [JsonPathSegment, unknown][] = Array.isArray(value) ? value.map((x, i) => [i, x]) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return undefined;
}

/**
 * Every number a scenario can carry exactly: JSON.parse reads `1e400` as Infinity and
 * `12345678901234567890` as a neighbour, which the importer would write into scenarios (refused
 * there as the importer's bug) or quietly compare and grant as another value. Refused here, at the
 * number's JSON path, as the export's fault.
 */
function checkNumbers(check: Checker, raw: unknown, path: JsonPathSegment[], numbers: ReadonlyMap<string, string>): void {
  if (typeof raw === 'number') {
    const literal = numbers.get(jsonPath(path)) ?? String(raw);
    if (!Number.isFinite(raw)) check.at(path, `${literal} is not a finite number (at most about ±1.8e308)`);
    else if (!/[.eE]/.test(literal) && !Number.isSafeInteger(raw))
      check.at(path, `${literal} is an integer beyond ±2^53, which a JSON number cannot hold exactly`);
  } else if (Array.isArray(raw)) raw.forEach((x, i) => checkNumbers(check, x, [...path, i], numbers));
  else if (raw !== null && typeof raw === 'object') for (const [k, x] of Object.entries(raw)) checkNumbers(check, x, [...path, k], numbers);
}

/** Every cross-reference of a shape-valid export; the problems go to `check`. */
function checkReferences(check: Checker, raw: RawExport, tools: ReadonlyMap<string, AdTool>): void {
  checkDuplicates(
    check,
    raw.tools.map((t) => t.name),
    ['tools'],
    'tool',
  );
  checkDuplicates(
    check,
    raw.user_tasks.map((t) => t.id),
    ['user_tasks'],
    'user task',
  );
  checkDuplicates(
    check,
    raw.injection_tasks.map((t) => t.id),
    ['injection_tasks'],
    'injection task',
  );
  raw.tools.forEach((t, i) => {
    // A scenario may not name a tool or a parameter as every JavaScript object's members are named.
    if (isReservedName(t.name))
      check.at(['tools', i, 'name'], `'${t.name}' cannot name a tool: every JavaScript object has a member of that name`);
    for (const p of Object.keys(t.parameters.properties))
      if (isReservedName(p) || !/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(p))
        check.at(
          ['tools', i, 'parameters', 'properties', p],
          `'${p}' cannot name a parameter: a parameter name is an identifier (letters, digits, _), not a member every JavaScript object has`,
        );
    for (const r of t.parameters.required ?? [])
      if (!Object.hasOwn(t.parameters.properties, r))
        check.at(['tools', i, 'parameters', 'required'], `'${r}' is required but not a parameter`);
  });
  for (const kind of ['user_tasks', 'injection_tasks'] as const)
    raw[kind].forEach((task, i) => task.ground_truth.forEach((c, j) => checkCall(check, tools, c, [kind, i, 'ground_truth', j])));
  const users = new Set(raw.user_tasks.map((t) => t.id));
  const injections = new Set(raw.injection_tasks.map((t) => t.id));
  const vectors = new Set(Object.keys(raw.injection_vectors));
  raw.pairs.forEach((p, i) => {
    if (!users.has(p.user_task)) check.at(['pairs', i, 'user_task'], `'${p.user_task}' is not a user task of the export`);
    if (!injections.has(p.injection_task))
      check.at(['pairs', i, 'injection_task'], `'${p.injection_task}' is not an injection task of the export`);
    p.vectors.forEach((v, j) => {
      if (!vectors.has(v)) check.at(['pairs', i, 'vectors', j], `'${v}' is not an injection vector of the export`);
    });
  });
  // A per-vector attack text for a vector the export does not declare would be silently unused.
  raw.injection_tasks.forEach((t, i) => {
    for (const v of Object.keys(t.injection_text_in_environment_at ?? {}))
      if (!vectors.has(v))
        check.at(['injection_tasks', i, 'injection_text_in_environment_at', v], `'${v}' is not an injection vector of the export`);
  });
  for (const [toolName, entry] of Object.entries(raw.tenuo_reference_policy.effective))
    if (entry.in_suite && !tools.has(toolName))
      check.at(['tenuo_reference_policy', 'effective', toolName], `'${toolName}' is marked in_suite but is not a tool the export declares`);
}

function callsOf(
  raw: RawExport['user_tasks'][number]['ground_truth'],
  path: JsonPathSegment[],
  numbers: ReadonlyMap<string, string>,
): AdCall[] {
  return raw.map((c, j) => ({
    tool: c.function,
    args: toArgs(c.args, [...path, j, 'args'], numbers),
    ...(c.args_template === undefined ? {} : { argsTemplate: toArgs(c.args_template, [...path, j, 'args_template'], numbers) }),
    result: c.result,
    ...(c.result_template === undefined ? {} : { resultTemplate: c.result_template }),
  }));
}

function build(raw: RawExport, file: string, tools: Map<string, AdTool>, numbers: ReadonlyMap<string, string>): AgentDojoExport {
  const userTasks: AdUserTask[] = raw.user_tasks.map((t, i) => ({
    id: t.id,
    prompt: t.prompt,
    calls: callsOf(t.ground_truth, ['user_tasks', i, 'ground_truth'], numbers),
    utilityCheck: t.utility_check,
    judgeReads: t.judge_reads,
  }));
  const injectionTasks: AdInjectionTask[] = raw.injection_tasks.map((t, i) => ({
    id: t.id,
    goal: t.goal,
    calls: callsOf(t.ground_truth, ['injection_tasks', i, 'ground_truth'], numbers),
    hasGroundTruth: t.has_ground_truth && t.ground_truth.length > 0,
    securityCheck: t.security_check,
    judgeReads: t.judge_reads,
    needsSum: t.needs_sum === true,
    textInEnvironment: t.injection_text_in_environment,
    textInEnvironmentAt: t.injection_text_in_environment_at ?? {},
  }));
  const pairs: AdPair[] = raw.pairs.map((p) => ({
    userTask: p.user_task,
    injectionTask: p.injection_task,
    vectors: p.vectors,
    userArgsChangeWithInjection: p.user_args_change_with_injection,
    agentdojo: {
      userOnly: p.agentdojo_replay.user_calls_only,
      userThenInjection: p.agentdojo_replay.user_then_injection_calls,
    },
  }));
  const tenuoGrants = new Map<string, Record<string, Value>>();
  for (const [toolName, entry] of Object.entries(raw.tenuo_reference_policy.effective)) {
    if (!entry.in_suite || entry.delegation_bench_grant === undefined) continue;
    tenuoGrants.set(
      toolName,
      toArgs(entry.delegation_bench_grant, ['tenuo_reference_policy', 'effective', toolName, 'delegation_bench_grant'], numbers),
    );
  }
  return {
    file,
    suite: raw.suite,
    benchmarkVersion: raw.benchmark_version,
    suiteTaskVersion: raw.suite_task_version,
    source: raw.source,
    tools,
    vectors: Object.keys(raw.injection_vectors).sort(),
    userTasks,
    injectionTasks,
    pairs,
    tenuo: {
      repository: raw.tenuo_reference_policy.source.repository,
      commit: raw.tenuo_reference_policy.source.commit,
      grants: tenuoGrants,
    },
  };
}

/** The export in `text` (the file `file`), or an AgentDojoExportError naming every problem by its JSON path. */
export function readAgentDojoExport(text: string, file: string): AgentDojoExport {
  if (text.length > EXPORT_LIMITS.bytes)
    throw new AgentDojoExportError([`${file}: ${text.length} characters is more than an export may hold (${EXPORT_LIMITS.bytes})`]);
  const parsed = parseJson(text);
  if (!('value' in parsed)) {
    const { line, col } = lineCol(text, parsed.offset);
    throw new AgentDojoExportError([`${file}:${line}:${col}: not an AgentDojo export: not JSON (${parsed.message})`]);
  }
  const value = parsed.value;
  // Before anything walks the value recursively (the format's shape, numbers, arguments).
  const tooDeep = firstTooDeep(value);
  if (tooDeep !== undefined)
    throw new AgentDojoExportError([
      `${file}: ${dollarPath(tooDeep)}: nested more than ${MAX_DEPTH} arrays or objects deep (an export's values are shallow)`,
    ]);
  const format = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as { format?: unknown }).format : undefined;
  // Anything else is no export at all: one line says so, rather than one per missing key.
  if (format !== EXPORT_FORMAT)
    throw new AgentDojoExportError([
      `${file}: ${format === undefined ? '$' : '$.format'}: not an AgentDojo export: ${format === undefined ? "no 'format' key" : `format is ${JSON.stringify(format)}`} (an export is an object with format '${EXPORT_FORMAT}')`,
    ]);
  const shape = exportSchema.safeParse(value);
  const check = new Checker(file);
  if (!shape.success) {
    for (const issue of shape.error.issues) check.at(issue.path as JsonPathSegment[], issue.message);
    throw new AgentDojoExportError(check.problems);
  }
  const facts = scanJsonText(text);
  for (const d of facts.duplicates) check.at([...d.path, d.key], `the key '${d.key}' is given twice in one object`);
  checkNumbers(check, value, [], facts.numbers);
  const tools = new Map(shape.data.tools.map((t) => [t.name, toolOf(t)] as const));
  checkReferences(check, shape.data, tools);
  if (check.problems.length > 0) throw new AgentDojoExportError(check.problems);
  return build(shape.data, file, tools, facts.numbers);
}
