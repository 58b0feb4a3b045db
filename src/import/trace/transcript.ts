/**
 * A Claude Code session transcript (`~/.claude/projects/…/SESSION.jsonl`): an assistant message's
 * `tool_use` items are calls, a user message's `tool_result` items their results, matched by id;
 * the session's working directory from its first line that has one.
 */
import { clipText } from '../../lib/quote.js';
import type { Value } from '../../warrant/constraint-value.js';
import { normalizePosixPath } from '../../world/posix-path.js';
import { dollarPath as dollar, type JsonPathSegment } from '../json-text.js';
import { checkUnicode, isObject, toValue, type JsonObject, type RawNumber } from './recorded-values.js';
import type { RecordedCall } from './types.js';

/**
 * Claude Code's bookkeeping tools: they change nothing in the world the benchmark simulates (a
 * to-do list, leaving plan mode), so a session's calls of them are skipped and counted.
 */
const CLAUDE_CODE_BOOKKEEPING = new Set(['TodoWrite', 'ExitPlanMode']);

/** A line of a Claude Code session transcript (`~/.claude/projects/…/SESSION.jsonl`). */
export function isTranscriptEntry(line: JsonObject): boolean {
  return typeof line.type === 'string' && ('sessionId' in line || 'message' in line || line.type === 'summary');
}

export interface Transcript {
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
export function readTranscriptEntry(entry: JsonObject, at: string, raw: RawNumber, transcript: Transcript, problems: string[]): void {
  // Claude Code resolves a relative path, and Glob's and Grep's default folder, against it.
  if (transcript.cwd === undefined && typeof entry.cwd === 'string') {
    if (entry.cwd.startsWith('/') && !entry.cwd.includes('\0')) transcript.cwd = normalizePosixPath(entry.cwd);
    else problems.push(`${at}: $.cwd: ${clipText(JSON.stringify(entry.cwd))} is not an absolute POSIX path`);
  }
  const content = isObject(entry.message) && Array.isArray(entry.message.content) ? entry.message.content : [];
  content.forEach((item, i) => {
    if (!isObject(item)) return;
    const here = `${at}: $.message.content[${i}]`;
    if (entry.type === 'assistant' && item.type === 'tool_use') {
      if (typeof item.id !== 'string' || typeof item.name !== 'string' || item.name === '')
        return void problems.push(`${here}: a tool_use needs its id and name as strings`);
      if (CLAUDE_CODE_BOOKKEEPING.has(item.name)) {
        transcript.skipped[item.name] = (transcript.skipped[item.name] ?? 0) + 1;
        return void transcript.byId.set(item.id, -1);
      }
      if (item.input !== undefined && !isObject(item.input))
        return void problems.push(`${here}.input: the arguments must be a JSON object of parameter → value`);
      const before = problems.length;
      const bad = (path: readonly JsonPathSegment[], message: string): void => void problems.push(`${at}: ${dollar(path)}: ${message}`);
      const args = toValue(item.input ?? {}, ['message', 'content', i, 'input'], raw, bad);
      checkUnicode(args, ['message', 'content', i, 'input'], bad);
      if (problems.length > before) return;
      transcript.byId.set(item.id, transcript.records.length);
      transcript.records.push({ tool: item.name, args: args as Record<string, Value>, result: undefined, where: here });
    } else if (entry.type === 'user' && item.type === 'tool_result') {
      const index = typeof item.tool_use_id === 'string' ? transcript.byId.get(item.tool_use_id) : undefined;
      if (index === undefined)
        return void problems.push(
          `${here}: a tool_result for tool_use_id ${JSON.stringify(item.tool_use_id)}, which no earlier tool_use has`,
        );
      if (index < 0) return;
      const call = transcript.records[index]!;
      transcript.records[index] = { ...call, result: transcriptResult(call.tool, item, entry) };
    }
  });
}
