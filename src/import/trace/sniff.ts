/**
 * Recorded tool calls in (docs/cli.md, "init"): which format a trace file is in, told from each
 * JSON document in it (an OTLP/JSON request, a `{tool, args, result}` record, a line of a Claude
 * Code transcript), and the calls read by that format's reader. A file that mixes formats is
 * refused. Every problem is reported at once, as `FILE:LINE:COL: …` (syntax) or
 * `FILE: $.json.path: …` (structure).
 */
import { dollarPath as dollar, lineCol } from '../json-text.js';
import { TraceError } from './errors.js';
import { readRecord } from './jsonl.js';
import { fromSpans, readRequest, type Span } from './otlp.js';
import { duplicateKeys, isObject, readJson, type Json } from './recorded-values.js';
import { isTranscriptEntry, readTranscriptEntry, type Transcript } from './transcript.js';
import type { ReadTraceOptions, RecordedCall, RecordedRun, RecordFormat } from './types.js';

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
      problems.push(
        `${where('$')}: neither an OTLP/JSON trace ({"resourceSpans": [...]}), a {tool, args, result} record, nor a line of a Claude Code transcript`,
      );
    }
  }
  if (kinds.size > 1) problems.push(`${file}: mixes ${[...kinds].map((k) => FORMAT_NAMES[k]).join(' and ')}; give one kind per file`);
  if (problems.length > 0) throw new TraceError(problems);
  if (kinds.has('claude_code')) {
    if (transcript.records.length === 0)
      throw new TraceError([`${file}: no tool calls: no assistant message of the transcript has a tool_use`]);
    return {
      format: 'claude_code',
      calls: transcript.records,
      skipped: transcript.skipped,
      traceIds: [],
      ...(transcript.cwd !== undefined && { cwd: transcript.cwd }),
    };
  }
  if (kinds.has('jsonl')) {
    if (records.length === 0) throw new TraceError([`${file}: no tool calls`]);
    return { format: 'jsonl', calls: records, skipped: {}, traceIds: [] };
  }
  return fromSpans(spans, skipped, file, options);
}
