/**
 * What a recorded run of an agent reads as (docs/cli.md, "init"): its tool calls in order, where
 * each was read, and what was skipped; the same whatever the format the file was in.
 */
import type { Value } from '../../warrant/constraint-value.js';

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
