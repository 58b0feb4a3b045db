/**
 * An OpenTelemetry trace in OTLP/JSON (the `ExportTraceServiceRequest` JSON encoding an OTLP/HTTP
 * exporter sends and the collector's file exporter writes, one request a line): the calls are the
 * spans whose `gen_ai.operation.name` is `execute_tool` (the OpenTelemetry GenAI semantic
 * conventions), in start-time order (ties keep file order); every other span is counted by its
 * operation and reported as skipped, never dropped silently. A file holding more than one trace is
 * refused unless a trace id is chosen: one scenario is one run of the agent.
 */
import { BenchError } from '../../lib/errors.js';
import { clipText } from '../../lib/quote.js';
import { Float, type Value } from '../../warrant/constraint-value.js';
import { dollarPath as dollar, type JsonPathSegment } from '../json-text.js';
import { TraceError } from './errors.js';
import {
  checkUnicode,
  describe,
  duplicateKeys,
  isObject,
  MAX_VALUE_DEPTH,
  readJson,
  resultText,
  TOO_DEEP,
  toValue,
  type Json,
  type JsonObject,
  type RawNumber,
} from './recorded-values.js';
import type { ReadTraceOptions, RecordedCall, RecordedRun } from './types.js';

/** The GenAI semantic conventions' attribute names (`@opentelemetry/semantic-conventions/incubating`). */
export const GEN_AI = Object.freeze({
  operationName: 'gen_ai.operation.name',
  executeTool: 'execute_tool',
  toolName: 'gen_ai.tool.name',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
});

/**
 * A value that is not an OTLP/JSON AnyValue, or one that would lose data: refused, never read as
 * null. Caught where an attribute is read and reported as a problem of the trace.
 */
class BadAnyValue extends BenchError {
  override readonly name = 'BadAnyValue';
  readonly code = 'trace_bad_any_value';
  readonly kind = 'input';
}

/**
 * An OTLP/JSON AnyValue as a plain value (kvlist → object, array → list, int64 strings → numbers,
 * a double → a float even when integral: `doubleValue: 25` is 25.0 to the tool, not the int 25).
 */
function anyValue(v: Json | undefined, path: readonly JsonPathSegment[], raw: RawNumber, depth = 0): Value {
  if (depth > MAX_VALUE_DEPTH) throw new BadAnyValue(TOO_DEEP);
  if (!isObject(v)) throw new BadAnyValue(`not an OTLP/JSON value: ${clipText(JSON.stringify(v) ?? 'nothing')}`);
  if (typeof v.stringValue === 'string') return v.stringValue;
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if (v.intValue !== undefined) {
    const n = intValue(v.intValue, raw([...path, 'intValue']));
    if (n === undefined) throw new BadAnyValue(`not an OTLP/JSON value: ${clipText(JSON.stringify(v))}`);
    return n;
  }
  if (typeof v.doubleValue === 'number') return Number.isInteger(v.doubleValue) ? new Float(v.doubleValue) : v.doubleValue;
  if (isObject(v.arrayValue)) {
    const values = Array.isArray(v.arrayValue.values) ? v.arrayValue.values : [];
    return values.map((x, i) => anyValue(x, [...path, 'arrayValue', 'values', i], raw, depth + 1));
  }
  if (isObject(v.kvlistValue)) {
    const seen = new Set<string>();
    const entries = (Array.isArray(v.kvlistValue.values) ? v.kvlistValue.values : []).map((kv, i): [string, Value] => {
      if (!isObject(kv) || typeof kv.key !== 'string') throw new BadAnyValue(`not an OTLP/JSON key-value: ${clipText(JSON.stringify(kv))}`);
      // Object.fromEntries would keep the last of two values silently.
      if (seen.has(kv.key)) throw new BadAnyValue(`key '${kv.key}' appears twice in the kvlistValue`);
      seen.add(kv.key);
      return [kv.key, anyValue(kv.value, [...path, 'kvlistValue', 'values', i, 'value'], raw, depth + 1)];
    });
    // fromEntries defines own properties: a key such as `__proto__` stays a key, refused later by name.
    return Object.fromEntries(entries);
  }
  if (typeof v.bytesValue === 'string') return v.bytesValue;
  if (Object.keys(v).length === 0) return null;
  throw new BadAnyValue(`not an OTLP/JSON value: ${clipText(JSON.stringify(v))}`);
}

/** An int64 as OTLP/JSON writes it (a decimal string, or a number: then its literal), exactly; undefined if neither. */
function intValue(v: Json, literal: string | undefined): Value | undefined {
  const text = typeof v === 'string' ? v : typeof v === 'number' ? (literal ?? String(v)) : undefined;
  if (text === undefined || !/^-?\d{1,19}$/.test(text)) return undefined;
  const big = BigInt(text);
  if (big < -(2n ** 63n) || big >= 2n ** 63n) return undefined;
  return Number.isSafeInteger(Number(text)) ? Number(text) : big;
}

function attributesOf(
  span: JsonObject,
  path: readonly JsonPathSegment[],
  where: (path: string) => string,
  raw: RawNumber,
  problems: string[],
): Map<string, Value | undefined> {
  const out = new Map<string, Value | undefined>();
  const first = new Map<string, number>();
  if (span.attributes !== undefined && !Array.isArray(span.attributes)) {
    // `{"gen_ai.tool.name": "…"}` is the SDK's in-memory span (ReadableSpan.attributes), not its
    // OTLP/JSON form; read as no attributes, every tool span would be skipped without a word.
    const what = isObject(span.attributes)
      ? "an object of name → value (the SDK's in-memory form)"
      : `a ${span.attributes === null ? 'null' : typeof span.attributes}`;
    problems.push(
      `${where(dollar([...path, 'attributes']))}: is ${what}; OTLP/JSON writes attributes as a list of {key, value}, e.g. [{"key": "${GEN_AI.toolName}", "value": {"stringValue": "read_file"}}]`,
    );
    return out;
  }
  const list = span.attributes ?? [];
  list.forEach((a, i) => {
    const at = where(dollar([...path, 'attributes', i]));
    if (!isObject(a) || typeof a.key !== 'string') return void problems.push(`${at}: an attribute is {key, value}`);
    // A second value for one key would replace the first (a tool's name, its arguments) unseen.
    const earlier = first.get(a.key);
    if (earlier !== undefined)
      return void problems.push(
        `${at}: attribute '${a.key}' is given twice (also at attributes[${earlier}]); a span has one value per attribute`,
      );
    first.set(a.key, i);
    try {
      out.set(a.key, anyValue(a.value, [...path, 'attributes', i, 'value'], raw));
    } catch (e) {
      if (!(e instanceof BadAnyValue)) throw e;
      problems.push(`${at} (${a.key}): ${e.message}`);
    }
  });
  return out;
}

/** A call's arguments: a JSON object, given as one or as a string holding one. */
function argumentsOf(value: Value | undefined, at: string, problems: string[]): Record<string, Value> | undefined {
  if (value === undefined || value === null) return {};
  let v: Value = value;
  if (typeof value === 'string') {
    const parsed = readJson(value);
    if ('offset' in parsed) {
      problems.push(`${at}: the arguments are not JSON (${parsed.message} at character ${parsed.offset + 1})`);
      return undefined;
    }
    const inner = (path: readonly JsonPathSegment[]): string => `${at}: ${dollar(path)}`;
    const facts = duplicateKeys(value, inner);
    const before = problems.length;
    problems.push(...facts.problems);
    v = toValue(parsed.value, [], facts.raw, (path, message) => void problems.push(`${inner(path)}: ${message}`));
    if (problems.length > before) return undefined;
  }
  const before = problems.length;
  checkUnicode(v, [], (path, message) => void problems.push(`${at}: ${dollar(path)}: ${message}`));
  if (problems.length > before) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v) || v instanceof Float) {
    problems.push(`${at}: the arguments must be a JSON object of parameter → value, got ${describe(v)}`);
    return undefined;
  }
  return v as Record<string, Value>;
}

export interface Span {
  readonly call: RecordedCall;
  readonly start: bigint;
  readonly order: number;
  readonly traceId: string;
}

/**
 * A span's start (OTLP's fixed64 nanoseconds: a decimal string, or a number read from its literal
 * so that nanoseconds beyond 2^53 keep their order); absent is 0, as protobuf reads a field left
 * out. Anything else cannot be ordered: undefined.
 */
function spanStart(span: JsonObject, literal: string | undefined): bigint | undefined {
  const t = span.startTimeUnixNano;
  if (t === undefined) return 0n;
  const text = typeof t === 'string' ? t : typeof t === 'number' ? (literal ?? String(t)) : '';
  return /^\d{1,20}$/.test(text) && BigInt(text) < 2n ** 64n ? BigInt(text) : undefined;
}

export interface DocContext {
  /** `FILE: $.path` (a document) or `FILE:LINE:1: $.path` (a line of JSON lines). */
  readonly where: (path: string) => string;
  readonly raw: RawNumber;
}

export function readRequest(
  request: JsonObject,
  doc: DocContext,
  spans: Span[],
  skipped: Record<string, number>,
  problems: string[],
): void {
  const { where, raw } = doc;
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
        const path = ['resourceSpans', i, 'scopeSpans', j, 'spans', k];
        const at = where(dollar(path));
        if (!isObject(span)) {
          problems.push(`${at}: a span must be an object`);
          return;
        }
        const attrs = attributesOf(span, path, where, raw, problems);
        const op = attrs.get(GEN_AI.operationName);
        // Trace ids are hex: one trace whatever the case of its letters.
        const traceId = typeof span.traceId === 'string' ? span.traceId.toLowerCase() : '';
        if (op !== GEN_AI.executeTool) {
          const key = typeof op === 'string' ? op : '(none)';
          skipped[key] = (skipped[key] ?? 0) + 1;
          return;
        }
        const start = spanStart(span, raw([...path, 'startTimeUnixNano']));
        if (start === undefined) {
          problems.push(
            `${where(dollar([...path, 'startTimeUnixNano']))}: ${JSON.stringify(span.startTimeUnixNano)} is not a time in nanoseconds (a decimal integer); the calls are ordered by their start`,
          );
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
        spans.push({ call, start, order: spans.length, traceId });
      });
    });
  });
}

export function fromSpans(spans: Span[], skipped: Record<string, number>, file: string, options: ReadTraceOptions): RecordedRun {
  const ids = [...new Set(spans.map((s) => s.traceId))].sort();
  let chosen = spans;
  if (options.traceId !== undefined) {
    const want = options.traceId.toLowerCase();
    chosen = spans.filter((s) => s.traceId === want);
    if (chosen.length === 0)
      throw new TraceError([
        `${file}: no tool spans in trace ${options.traceId} (the file's traces with tool spans: ${ids.join(', ') || 'none'})`,
      ]);
  } else if (ids.length > 1) {
    throw new TraceError([
      `${file}: holds the tool spans of ${ids.length} traces (${ids.join(', ')}); a scenario is one run of the agent: choose one with --trace-id ID`,
    ]);
  }
  if (chosen.length === 0) {
    const other = Object.entries(skipped)
      .map(([op, n]) => `${n} ${op}`)
      .join(', ');
    throw new TraceError([
      `${file}: no tool calls: no span has ${GEN_AI.operationName} = ${GEN_AI.executeTool}${other ? ` (spans read: ${other})` : ''}`,
    ]);
  }
  const ordered = [...chosen].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.order - b.order));
  const traceIds = [...new Set(ordered.map((s) => s.traceId))];
  return { format: 'otlp', calls: ordered.map((s) => s.call), skipped, traceIds };
}
