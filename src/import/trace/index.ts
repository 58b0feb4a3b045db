/** Recorded tool calls in, one file per format (otlp.ts, jsonl.ts, transcript.ts) and the sniffing (sniff.ts). */
export { TraceError } from './errors.js';
export { GEN_AI } from './otlp.js';
export { readTrace } from './sniff.js';
export type { ReadTraceOptions, RecordedCall, RecordedRun, RecordFormat } from './types.js';
