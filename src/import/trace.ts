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
import { Float, type Value } from '../warrant/constraint-value.js';
import { normalizePosixPath } from '../world/posix-path.js';
import { dollarPath as dollar, jsonPath, lineCol, parseJson, scanJsonText, type JsonPathSegment } from './json-text.js';
import { clipText } from '../lib/quote.js';

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
  readonly format: RecordFormat;
  readonly calls: RecordedCall[];
  /**
   * OTLP: spans that are not tool executions, by operation name (`(none)` without one). A Claude
   * Code transcript: calls of its bookkeeping tools, by name.
   */
  readonly skipped: Readonly<Record<string, number>>;
  /** The trace ids the calls came from (empty for JSON lines). */
  readonly traceIds: readonly string[];
  /** A Claude Code session's working directory (its first line's `cwd`), normalized. */
  readonly cwd?: string;
}

/** OTLP/JSON, JSON lines of `{tool, args, result}`, or a Claude Code session transcript. */
export type RecordFormat = 'otlp' | 'jsonl' | 'claude_code';

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

/** JSON.parse's value as JSON, or the syntax error's offset and message. */
function readJson(text: string): { value: Json } | { offset: number; message: string } {
  const r = parseJson(text);
  return 'value' in r ? { value: r.value as Json } : r;
}

function isObject(v: Json | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * How deeply an argument or result may nest (lists and objects): a scenario file holds at most 32
 * levels of YAML, and a call's value sits 5 below its top (calls, a call, args, a grant's one_of).
 */
const MAX_VALUE_DEPTH = 24;
const TOO_DEEP = `nested deeper than ${MAX_VALUE_DEPTH} levels, more than a scenario holds`;

/** A value that is not an OTLP/JSON AnyValue, or one that would lose data: refused, never read as null. */
class BadAnyValue extends Error {}

/** The literal text of a JSON number at a path (`1.0`, an int64 beyond 2^53), as the file wrote it. */
type RawNumber = (path: readonly JsonPathSegment[]) => string | undefined;

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

function attributesOf(span: JsonObject, path: readonly JsonPathSegment[], where: (path: string) => string, raw: RawNumber, problems: string[]): Map<string, Value | undefined> {
  const out = new Map<string, Value | undefined>();
  const first = new Map<string, number>();
  if (span.attributes !== undefined && !Array.isArray(span.attributes)) {
    // `{"gen_ai.tool.name": "…"}` is the SDK's in-memory span (ReadableSpan.attributes), not its
    // OTLP/JSON form; read as no attributes, every tool span would be skipped without a word.
    const what = isObject(span.attributes) ? 'an object of name → value (the SDK\'s in-memory form)' : `a ${span.attributes === null ? 'null' : typeof span.attributes}`;
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
    if (earlier !== undefined) return void problems.push(`${at}: attribute '${a.key}' is given twice (also at attributes[${earlier}]); a span has one value per attribute`);
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

/**
 * A JSON value as a call argument, numbers as written: `25.0` is a float (Tenuo's wire and the
 * proof-of-possession tell 25.0 from 25), an integer beyond 2^53 exact; a number a call cannot
 * carry (beyond 64 bits, beyond a double) is a problem, never rounded.
 */
function toValue(v: Json, path: readonly JsonPathSegment[], raw: RawNumber, bad: (path: readonly JsonPathSegment[], message: string) => void, depth = 0): Value {
  if ((Array.isArray(v) || isObject(v)) && depth >= MAX_VALUE_DEPTH) {
    bad(path, TOO_DEEP);
    return null;
  }
  if (Array.isArray(v)) return v.map((x, i) => toValue(x, [...path, i], raw, bad, depth + 1));
  if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, toValue(x, [...path, k], raw, bad, depth + 1)]));
  if (typeof v !== 'number') return v;
  const literal = raw(path) ?? String(v);
  if (/[.eE]/.test(literal)) {
    if (!Number.isFinite(v)) bad(path, `${literal} is beyond a 64-bit float`);
    return Number.isInteger(v) ? new Float(v) : v;
  }
  if (Number.isSafeInteger(v)) return v;
  const big = BigInt(literal);
  if (big < -(2n ** 63n) || big >= 2n ** 63n) bad(path, `${literal} is outside the 64-bit integers a call can carry`);
  return big;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * An argument's text must be Unicode: JSON can escape half of a surrogate pair (`"\ud800"`), but
 * Tenuo's strings are UTF-8 and cannot hold one, so the call could never be authorized as recorded.
 */
function checkUnicode(v: Value, path: readonly JsonPathSegment[], bad: (path: readonly JsonPathSegment[], message: string) => void): void {
  const text = (s: string, where: readonly JsonPathSegment[]): void => {
    if (LONE_SURROGATE.test(s)) bad(where, `${clipText(JSON.stringify(s))} holds half of a UTF-16 surrogate pair, which is not Unicode text (Tenuo's strings are UTF-8)`);
  };
  if (typeof v === 'string') text(v, path);
  else if (Array.isArray(v)) v.forEach((x, i) => checkUnicode(x, [...path, i], bad));
  else if (v !== null && typeof v === 'object' && !(v instanceof Float)) {
    for (const [k, x] of Object.entries(v)) {
      text(k, [...path, k]);
      checkUnicode(x, [...path, k], bad);
    }
  }
}

/** Every key given twice in one object of `text` (JSON.parse would keep the last value unseen). */
function duplicateKeys(text: string, at: (path: readonly JsonPathSegment[]) => string): { problems: string[]; raw: RawNumber } {
  const facts = scanJsonText(text);
  const problems = facts.duplicates.map((d) => `${at(d.path)}: key '${d.key}' appears twice (JSON.parse would keep only the last)`);
  return { problems, raw: (path) => facts.numbers.get(jsonPath(path)) };
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

function describe(v: Value): string {
  if (Array.isArray(v)) return 'a list';
  if (v === null) return 'null';
  if (v instanceof Float) return `number ${jsonText(v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v === 'bigint' ? 'number' : typeof v} ${JSON.stringify(typeof v === 'bigint' ? String(v) : v)}`;
}

/** A value as JSON text, numbers as they were written (25.0 stays 25.0, a long integer whole). */
function jsonText(v: Value): string {
  if (v instanceof Float) return Number.isInteger(v.value) ? v.value.toFixed(1) : String(v.value);
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return `[${v.map(jsonText).join(',')}]`;
  if (v !== null && typeof v === 'object') return `{${Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}:${jsonText(x)}`).join(',')}}`;
  return JSON.stringify(v);
}

function resultText(v: Value | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  return typeof v === 'string' ? v : jsonText(v);
}

interface Span {
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

interface DocContext {
  /** `FILE: $.path` (a document) or `FILE:LINE:1: $.path` (a line of JSON lines). */
  readonly where: (path: string) => string;
  readonly raw: RawNumber;
}

function readRequest(request: JsonObject, doc: DocContext, spans: Span[], skipped: Record<string, number>, problems: string[]): void {
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
          problems.push(`${where(dollar([...path, 'startTimeUnixNano']))}: ${JSON.stringify(span.startTimeUnixNano)} is not a time in nanoseconds (a decimal integer); the calls are ordered by their start`);
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

function readRecord(record: JsonObject, at: string, raw: RawNumber, problems: string[]): RecordedCall | undefined {
  const unknown = Object.keys(record).filter((k) => k !== 'tool' && k !== 'args' && k !== 'result');
  for (const k of unknown) problems.push(`${at}: ${dollar([k])}: unknown key (a record is {tool, args, result})`);
  if (typeof record.tool !== 'string' || record.tool === '') {
    problems.push(`${at}: $.tool: a record needs the tool's name as a string`);
    return undefined;
  }
  const before = problems.length;
  const bad = (path: readonly JsonPathSegment[], message: string): void => void problems.push(`${at}: ${dollar(path)}: ${message}`);
  if (record.args !== undefined && !isObject(record.args)) {
    problems.push(`${at}: $.args: the arguments must be a JSON object of parameter → value, got ${describe(toValue(record.args, ['args'], raw, bad))}`);
    return undefined;
  }
  const args = record.args === undefined ? {} : (toValue(record.args, ['args'], raw, bad) as Record<string, Value>);
  checkUnicode(args, ['args'], bad);
  const result = record.result === undefined ? undefined : resultText(toValue(record.result, ['result'], raw, bad));
  return unknown.length > 0 || problems.length > before ? undefined : { tool: record.tool, args, result, where: at };
}

/**
 * Claude Code's bookkeeping tools: they change nothing in the world the benchmark simulates (a
 * to-do list, leaving plan mode), so a session's calls of them are skipped and counted.
 */
const CLAUDE_CODE_BOOKKEEPING = new Set(['TodoWrite', 'ExitPlanMode']);

/** A line of a Claude Code session transcript (`~/.claude/projects/…/SESSION.jsonl`). */
function isTranscriptEntry(v: JsonObject): boolean {
  return typeof v.type === 'string' && ('sessionId' in v || 'message' in v || v.type === 'summary');
}

interface Transcript {
  /** The session's working directory, from the first line that has one. */
  cwd: string | undefined;
  readonly records: RecordedCall[];
  /** tool_use id → its index in records; -1 for a skipped bookkeeping call. */
  readonly byId: Map<string, number>;
  readonly skipped: Record<string, number>;
}

/** The text a tool_result carries; for a Read, the file's own text (the result shows it with line numbers). */
function transcriptResult(tool: string, item: JsonObject, entry: JsonObject): string | undefined {
  const meta = entry.toolUseResult;
  if (tool === 'Read' && isObject(meta) && isObject(meta.file) && typeof meta.file.content === 'string') return meta.file.content;
  const c = item.content;
  if (typeof c === 'string') return c;
  if (!Array.isArray(c)) return undefined;
  return c.map((part) => (isObject(part) && part.type === 'text' && typeof part.text === 'string' ? part.text : '')).join('\n');
}

/**
 * One transcript line: an assistant message's `tool_use` items are calls, in order; a user
 * message's `tool_result` items are their results, matched by id. Every other line (a prompt, text,
 * a summary) holds no call.
 */
function readTranscriptEntry(entry: JsonObject, at: string, raw: RawNumber, t: Transcript, problems: string[]): void {
  // Claude Code resolves a relative path, and Glob's and Grep's default folder, against it.
  if (t.cwd === undefined && typeof entry.cwd === 'string') {
    if (entry.cwd.startsWith('/') && !entry.cwd.includes('\0')) t.cwd = normalizePosixPath(entry.cwd);
    else problems.push(`${at}: $.cwd: ${clipText(JSON.stringify(entry.cwd))} is not an absolute POSIX path`);
  }
  const content = isObject(entry.message) && Array.isArray(entry.message.content) ? entry.message.content : [];
  content.forEach((item, i) => {
    if (!isObject(item)) return;
    const here = `${at}: $.message.content[${i}]`;
    if (entry.type === 'assistant' && item.type === 'tool_use') {
      if (typeof item.id !== 'string' || typeof item.name !== 'string' || item.name === '') return void problems.push(`${here}: a tool_use needs its id and name as strings`);
      if (CLAUDE_CODE_BOOKKEEPING.has(item.name)) {
        t.skipped[item.name] = (t.skipped[item.name] ?? 0) + 1;
        return void t.byId.set(item.id, -1);
      }
      if (item.input !== undefined && !isObject(item.input)) return void problems.push(`${here}.input: the arguments must be a JSON object of parameter → value`);
      const before = problems.length;
      const bad = (path: readonly JsonPathSegment[], message: string): void => void problems.push(`${at}: ${dollar(path)}: ${message}`);
      const args = toValue(item.input ?? {}, ['message', 'content', i, 'input'], raw, bad);
      checkUnicode(args, ['message', 'content', i, 'input'], bad);
      if (problems.length > before) return;
      t.byId.set(item.id, t.records.length);
      t.records.push({ tool: item.name, args: args as Record<string, Value>, result: undefined, where: here });
    } else if (entry.type === 'user' && item.type === 'tool_result') {
      const index = typeof item.tool_use_id === 'string' ? t.byId.get(item.tool_use_id) : undefined;
      if (index === undefined) return void problems.push(`${here}: a tool_result for tool_use_id ${JSON.stringify(item.tool_use_id)}, which no earlier tool_use has`);
      if (index < 0) return;
      const call = t.records[index]!;
      t.records[index] = { ...call, result: transcriptResult(call.tool, item, entry) };
    }
  });
}

interface Document {
  readonly value: Json;
  /** `FILE:LINE:1` for a line of JSON lines; `FILE` for a whole document. */
  readonly at: string;
  readonly line: number | undefined;
  /** The document's own text (a line, or the whole file). */
  readonly text: string;
}

/** One JSON document, or JSON lines (one document a line); syntax errors at FILE:LINE:COL. */
function documents(text: string, file: string, problems: string[]): Document[] {
  const whole = readJson(text);
  if ('value' in whole) return [{ value: whole.value, at: file, line: undefined, text }];
  const lines = text.split('\n');
  const firstLine = lines.findIndex((l) => l.trim() !== '');
  if (firstLine < 0) {
    problems.push(`${file}:1:1: the file is empty: no JSON in it`);
    return [];
  }
  const first = readJson(lines[firstLine]!);
  if ('offset' in first) {
    const { line, col } = lineCol(text, whole.offset);
    problems.push(`${file}:${line}:${col}: not JSON: ${whole.message}`);
    return [];
  }
  const out: Document[] = [];
  lines.forEach((l, i) => {
    if (l.trim() === '') return;
    const parsed = readJson(l);
    if ('offset' in parsed) problems.push(`${file}:${i + 1}:${parsed.offset + 1}: not JSON: ${parsed.message}`);
    else out.push({ value: parsed.value, at: `${file}:${i + 1}:1`, line: i + 1, text: l });
  });
  return out;
}

const FORMAT_NAMES: Readonly<Record<RecordFormat, string>> = {
  otlp: 'OTLP/JSON requests',
  jsonl: '{tool, args, result} records',
  claude_code: 'Claude Code transcript lines',
};

/** Reads one trace file's text. `file` is the name messages use. Throws TraceError. */
export function readTrace(text: string, file: string, options: ReadTraceOptions = {}): RecordedRun {
  // A byte-order mark is no part of the JSON (scenario files drop it too).
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const problems: string[] = [];
  const docs = documents(body, file, problems);
  const spans: Span[] = [];
  const records: RecordedCall[] = [];
  const skipped: Record<string, number> = {};
  const kinds = new Set<RecordFormat>();
  const transcript: Transcript = { cwd: undefined, records: [], byId: new Map(), skipped: {} };
  for (const doc of docs) {
    const where = (path: string): string => (doc.line === undefined ? `${file}: ${path}` : `${doc.at}: ${path}`);
    const facts = duplicateKeys(doc.text, (path) => where(dollar(path)));
    problems.push(...facts.problems);
    if (isObject(doc.value) && 'resourceSpans' in doc.value) {
      kinds.add('otlp');
      readRequest(doc.value, { where, raw: facts.raw }, spans, skipped, problems);
    } else if (isObject(doc.value) && ('tool' in doc.value || 'args' in doc.value || 'result' in doc.value)) {
      kinds.add('jsonl');
      const first = lineCol(body, body.search(/\S/));
      const call = readRecord(doc.value, doc.line === undefined ? `${file}:${first.line}:${first.col}` : doc.at, facts.raw, problems);
      if (call) records.push(call);
    } else if (isObject(doc.value) && doc.line !== undefined && isTranscriptEntry(doc.value)) {
      kinds.add('claude_code');
      readTranscriptEntry(doc.value, doc.at, facts.raw, transcript, problems);
    } else {
      problems.push(`${where('$')}: neither an OTLP/JSON trace ({"resourceSpans": [...]}), a {tool, args, result} record, nor a line of a Claude Code transcript`);
    }
  }
  if (kinds.size > 1) problems.push(`${file}: mixes ${[...kinds].map((k) => FORMAT_NAMES[k]).join(' and ')}; give one kind per file`);
  if (problems.length > 0) throw new TraceError(problems);
  if (kinds.has('claude_code')) {
    if (transcript.records.length === 0) throw new TraceError([`${file}: no tool calls: no assistant message of the transcript has a tool_use`]);
    return { format: 'claude_code', calls: transcript.records, skipped: transcript.skipped, traceIds: [], ...(transcript.cwd !== undefined && { cwd: transcript.cwd }) };
  }
  if (kinds.has('jsonl')) {
    if (records.length === 0) throw new TraceError([`${file}: no tool calls`]);
    return { format: 'jsonl', calls: records, skipped: {}, traceIds: [] };
  }
  return fromSpans(spans, skipped, file, options);
}

function fromSpans(spans: Span[], skipped: Record<string, number>, file: string, options: ReadTraceOptions): RecordedRun {
  const ids = [...new Set(spans.map((s) => s.traceId))].sort();
  let chosen = spans;
  if (options.traceId !== undefined) {
    const want = options.traceId.toLowerCase();
    chosen = spans.filter((s) => s.traceId === want);
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
  return { format: 'otlp', calls: ordered.map((s) => s.call), skipped, traceIds };
}
