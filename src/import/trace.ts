/**
 * Recorded tool calls in (docs/cli.md, "init"): an OpenTelemetry trace in OTLP/JSON (the
 * `ExportTraceServiceRequest` JSON encoding an OTLP/HTTP exporter sends and the collector's file
 * exporter writes, one request a line) or JSON lines of `{tool, args, result}`.
 *
 * From a trace, the calls are the spans whose `gen_ai.operation.name` is `execute_tool` (the
 * OpenTelemetry GenAI semantic conventions), in start-time order (ties keep file order); every
 * other span is counted by its operation and reported as skipped, never dropped silently. A file
 * holding more than one trace is refused unless a trace id is chosen: one scenario is one run of
 * the agent. Every problem is reported at once, as `FILE:LINE:COL: …` (syntax) or
 * `FILE: $.json.path: …` (structure).
 */
import { Float, type Value } from '../warrant/value.js';

/** The GenAI semantic conventions' attribute names (`@opentelemetry/semantic-conventions/incubating`). */
export const GEN_AI = Object.freeze({
  operationName: 'gen_ai.operation.name',
  executeTool: 'execute_tool',
  toolName: 'gen_ai.tool.name',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
});

export interface RecordedCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, Value>>;
  /** What the tool returned, as text; undefined when the record has none. */
  readonly result: string | undefined;
  /** Where it was read, for messages: `FILE:LINE:COL` or `FILE: $.path`. */
  readonly where: string;
}

export interface RecordedRun {
  readonly format: 'otlp' | 'jsonl';
  readonly calls: RecordedCall[];
  /** Spans that are not tool executions, by operation name (`(none)` without one). */
  readonly skipped: Readonly<Record<string, number>>;
  /** The trace ids the calls came from (empty for JSON lines). */
  readonly traceIds: readonly string[];
}

export interface ReadTraceOptions {
  /** Keep only the spans of this trace (hex, as OTLP/JSON writes it). */
  readonly traceId?: string;
}

/** Bad trace input: every problem, each a line a person can act on. */
export class TraceError extends Error {
  readonly code = 'trace_invalid';
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
  }
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text[i] === '\n') {
      line++;
      start = i + 1;
    }
  }
  return { line, col: Math.min(offset, text.length) - start + 1 };
}

/** JSON.parse, or the syntax error at its line and column (V8 names the offset in its message). */
function parseJson(text: string): { value: Json } | { offset: number; message: string } {
  try {
    return { value: JSON.parse(text) as Json };
  } catch (e) {
    const message = (e as Error).message;
    const at = /at position (\d+)/.exec(message);
    const offset = at ? Number(at[1]) : firstBadOffset(text);
    const reason = message.replace(/ in JSON at position \d+.*$/s, '').replace(/\s*\(line \d+ column \d+\)$/, '');
    return { offset, message: reason };
  }
}

/**
 * Where a syntax error is when the engine's message does not say: the first character after
 * which no completion can make the text JSON (a shorter prefix only "ends too early").
 */
function firstBadOffset(text: string): number {
  const endsEarly = (p: number): boolean => {
    try {
      JSON.parse(text.slice(0, p));
      return true;
    } catch (e) {
      const message = (e as Error).message;
      const at = /at position (\d+)/.exec(message);
      return p === 0 || (at ? Number(at[1]) >= p : /end of JSON input|Unterminated/i.test(message));
    }
  };
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (endsEarly(mid)) lo = mid;
    else hi = mid - 1;
  }
  return Math.min(lo, text.length);
}

function pathKey(k: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`;
}

/** A value that is not an OTLP/JSON AnyValue: refused, never read as null. */
class NotAnyValue extends Error {}

/** An OTLP/JSON AnyValue as a plain value (kvlist → object, array → list, int64 strings → numbers). */
function anyValue(v: Json | undefined): Value {
  const out = anyValueOrUndefined(v);
  if (out === undefined) throw new NotAnyValue(JSON.stringify(v) ?? 'nothing');
  return out;
}

function anyValueOrUndefined(v: Json | undefined): Value | undefined {
  if (!isObject(v)) return undefined;
  if (typeof v.stringValue === 'string') return v.stringValue;
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if (v.intValue !== undefined) return intValue(v.intValue);
  if (typeof v.doubleValue === 'number') return v.doubleValue;
  if (isObject(v.arrayValue)) {
    const values = Array.isArray(v.arrayValue.values) ? v.arrayValue.values : [];
    return values.map((x) => anyValue(x));
  }
  if (isObject(v.kvlistValue)) {
    const entries = (Array.isArray(v.kvlistValue.values) ? v.kvlistValue.values : []).map((kv): [string, Value] => {
      if (!isObject(kv) || typeof kv.key !== 'string') throw new NotAnyValue(JSON.stringify(kv));
      return [kv.key, anyValue(kv.value)];
    });
    // fromEntries defines own properties: a key such as `__proto__` stays a key, refused later by name.
    return Object.fromEntries(entries);
  }
  if (typeof v.bytesValue === 'string') return v.bytesValue;
  return Object.keys(v).length === 0 ? null : undefined;
}

/** An int64 as OTLP/JSON writes it (a number, or a decimal string beyond 2^53); undefined if neither. */
function intValue(v: Json): Value | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : undefined;
  if (typeof v !== 'string' || !/^-?\d{1,19}$/.test(v)) return undefined;
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : BigInt(v);
}

function attributesOf(span: JsonObject, at: string, problems: string[]): Map<string, Value | undefined> {
  const out = new Map<string, Value | undefined>();
  const list = Array.isArray(span.attributes) ? span.attributes : [];
  list.forEach((a, i) => {
    if (!isObject(a) || typeof a.key !== 'string') return void problems.push(`${at}.attributes[${i}]: an attribute is {key, value}`);
    try {
      out.set(a.key, anyValue(a.value));
    } catch (e) {
      if (!(e instanceof NotAnyValue)) throw e;
      problems.push(`${at}.attributes[${i}] (${a.key}): not an OTLP/JSON value: ${e.message.slice(0, 80)}`);
    }
  });
  return out;
}

/** JSON numbers as the scenario format reads them; objects and lists recursively. */
function toValue(v: Json): Value {
  if (Array.isArray(v)) return v.map(toValue);
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toValue(x)]));
  return v;
}

/** A call's arguments: a JSON object, given as one or as a string holding one. */
function argumentsOf(raw: Value | undefined, at: string, problems: string[]): Record<string, Value> | undefined {
  if (raw === undefined || raw === null) return {};
  let v: Value = raw;
  if (typeof raw === 'string') {
    const parsed = parseJson(raw);
    if ('offset' in parsed) {
      problems.push(`${at}: the arguments are not JSON (${parsed.message} at character ${parsed.offset + 1})`);
      return undefined;
    }
    v = toValue(parsed.value);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Float) {
    problems.push(`${at}: the arguments must be a JSON object of parameter → value, got ${describe(v)}`);
    return undefined;
  }
  return v as Record<string, Value>;
}

function describe(v: Value): string {
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  if (typeof v === 'object') return 'an object';
  return `${typeof v === 'bigint' ? 'number' : typeof v} ${JSON.stringify(typeof v === 'bigint' ? String(v) : v)}`;
}

function resultText(v: Value | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? Number(x) : x));
}

interface Span {
  readonly call: RecordedCall | undefined;
  readonly start: bigint;
  readonly order: number;
  readonly traceId: string;
}

function spanStart(span: JsonObject): bigint {
  const t = span.startTimeUnixNano;
  try {
    return typeof t === 'string' || typeof t === 'number' ? BigInt(t) : 0n;
  } catch {
    return 0n;
  }
}

function readRequest(request: JsonObject, where: (path: string) => string, spans: Span[], skipped: Record<string, number>, problems: string[]): void {
  const resourceSpans = request.resourceSpans;
  if (!Array.isArray(resourceSpans)) {
    problems.push(`${where('$.resourceSpans')}: must be a list`);
    return;
  }
  resourceSpans.forEach((rs, i) => {
    const scopeSpans = isObject(rs) ? rs.scopeSpans : undefined;
    if (!Array.isArray(scopeSpans)) {
      problems.push(`${where(`$.resourceSpans[${i}].scopeSpans`)}: must be a list`);
      return;
    }
    scopeSpans.forEach((ss, j) => {
      const list = isObject(ss) ? ss.spans : undefined;
      if (!Array.isArray(list)) {
        problems.push(`${where(`$.resourceSpans[${i}].scopeSpans[${j}].spans`)}: must be a list`);
        return;
      }
      list.forEach((span, k) => {
        const at = where(`$.resourceSpans[${i}].scopeSpans[${j}].spans[${k}]`);
        if (!isObject(span)) {
          problems.push(`${at}: a span must be an object`);
          return;
        }
        const attrs = attributesOf(span, at, problems);
        const op = attrs.get(GEN_AI.operationName);
        const traceId = typeof span.traceId === 'string' ? span.traceId : '';
        if (op !== GEN_AI.executeTool) {
          const key = typeof op === 'string' ? op : '(none)';
          skipped[key] = (skipped[key] ?? 0) + 1;
          spans.push({ call: undefined, start: spanStart(span), order: spans.length, traceId });
          return;
        }
        const tool = attrs.get(GEN_AI.toolName);
        if (typeof tool !== 'string' || tool === '') {
          problems.push(`${at}: an execute_tool span without ${GEN_AI.toolName}`);
          return;
        }
        const args = argumentsOf(attrs.get(GEN_AI.toolCallArguments), `${at}.attributes[${GEN_AI.toolCallArguments}]`, problems);
        if (!args) return;
        const call = { tool, args, result: resultText(attrs.get(GEN_AI.toolCallResult)), where: at };
        spans.push({ call, start: spanStart(span), order: spans.length, traceId });
      });
    });
  });
}

function readRecord(record: JsonObject, at: string, problems: string[]): RecordedCall | undefined {
  const unknown = Object.keys(record).filter((k) => k !== 'tool' && k !== 'args' && k !== 'result');
  for (const k of unknown) problems.push(`${at}: $${pathKey(k)}: unknown key (a record is {tool, args, result})`);
  if (typeof record.tool !== 'string' || record.tool === '') {
    problems.push(`${at}: $.tool: a record needs the tool's name as a string`);
    return undefined;
  }
  if (record.args !== undefined && !isObject(record.args)) {
    problems.push(`${at}: $.args: the arguments must be a JSON object of parameter → value, got ${describe(toValue(record.args))}`);
    return undefined;
  }
  const args = record.args === undefined ? {} : (toValue(record.args) as Record<string, Value>);
  const result = record.result === undefined ? undefined : resultText(toValue(record.result));
  return unknown.length > 0 ? undefined : { tool: record.tool, args, result, where: at };
}

interface Document {
  readonly value: Json;
  /** `FILE:LINE:1` for a line of JSON lines; `FILE` for a whole document. */
  readonly at: string;
  readonly line: number | undefined;
}

/** One JSON document, or JSON lines (one document a line); syntax errors at FILE:LINE:COL. */
function documents(text: string, file: string, problems: string[]): Document[] {
  const whole = parseJson(text);
  if ('value' in whole) return [{ value: whole.value, at: file, line: undefined }];
  const lines = text.split('\n');
  const firstLine = lines.findIndex((l) => l.trim() !== '');
  const first = firstLine >= 0 ? parseJson(lines[firstLine]!) : whole;
  if (firstLine < 0 || 'offset' in first) {
    const { line, col } = lineCol(text, whole.offset);
    problems.push(`${file}:${line}:${col}: ${firstLine < 0 ? 'the file is empty' : `not JSON: ${whole.message}`}`);
    return [];
  }
  const out: Document[] = [];
  lines.forEach((l, i) => {
    if (l.trim() === '') return;
    const parsed = parseJson(l);
    if ('offset' in parsed) problems.push(`${file}:${i + 1}:${parsed.offset + 1}: not JSON: ${parsed.message}`);
    else out.push({ value: parsed.value, at: `${file}:${i + 1}:1`, line: i + 1 });
  });
  return out;
}

/** Reads one trace file's text. `file` is the name messages use. Throws TraceError. */
export function readTrace(text: string, file: string, options: ReadTraceOptions = {}): RecordedRun {
  const problems: string[] = [];
  const docs = documents(text, file, problems);
  const spans: Span[] = [];
  const records: RecordedCall[] = [];
  const skipped: Record<string, number> = {};
  const kinds = new Set<'otlp' | 'jsonl'>();
  for (const doc of docs) {
    const where = (path: string): string => (doc.line === undefined ? `${file}: ${path}` : `${doc.at}: ${path}`);
    if (isObject(doc.value) && 'resourceSpans' in doc.value) {
      kinds.add('otlp');
      readRequest(doc.value, where, spans, skipped, problems);
    } else if (isObject(doc.value) && ('tool' in doc.value || 'args' in doc.value || 'result' in doc.value)) {
      kinds.add('jsonl');
      const first = lineCol(text, text.search(/\S/));
      const call = readRecord(doc.value, doc.line === undefined ? `${file}:${first.line}:${first.col}` : doc.at, problems);
      if (call) records.push(call);
    } else {
      problems.push(`${where('$')}: neither an OTLP/JSON trace ({"resourceSpans": [...]}) nor a {tool, args, result} record`);
    }
  }
  if (kinds.size > 1) problems.push(`${file}: mixes OTLP/JSON requests and {tool, args, result} records; give one kind per file`);
  if (problems.length > 0) throw new TraceError(problems);
  if (kinds.has('jsonl')) {
    if (records.length === 0) throw new TraceError([`${file}: no tool calls`]);
    return { format: 'jsonl', calls: records, skipped: {}, traceIds: [] };
  }
  return fromSpans(spans, skipped, file, options);
}

function fromSpans(spans: Span[], skipped: Record<string, number>, file: string, options: ReadTraceOptions): RecordedRun {
  const toolSpans = spans.filter((s) => s.call !== undefined);
  const ids = [...new Set(toolSpans.map((s) => s.traceId))].sort();
  let chosen = toolSpans;
  if (options.traceId !== undefined) {
    const want = options.traceId.toLowerCase();
    chosen = toolSpans.filter((s) => s.traceId.toLowerCase() === want);
    if (chosen.length === 0) throw new TraceError([`${file}: no tool spans in trace ${options.traceId} (the file's traces with tool spans: ${ids.join(', ') || 'none'})`]);
  } else if (ids.length > 1) {
    throw new TraceError([`${file}: holds the tool spans of ${ids.length} traces (${ids.join(', ')}); a scenario is one run of the agent: choose one with --trace-id ID`]);
  }
  if (chosen.length === 0) {
    const other = Object.entries(skipped).map(([op, n]) => `${n} ${op}`).join(', ');
    throw new TraceError([`${file}: no tool calls: no span has ${GEN_AI.operationName} = ${GEN_AI.executeTool}${other ? ` (spans read: ${other})` : ''}`]);
  }
  const ordered = [...chosen].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.order - b.order));
  const traceIds = [...new Set(ordered.map((s) => s.traceId))];
  return { format: 'otlp', calls: ordered.map((s) => s.call!), skipped, traceIds };
}
