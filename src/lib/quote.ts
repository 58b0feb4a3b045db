/**
 * Bounds on what an untrusted file can put into a message (problems, warnings, logs, the job
 * summary, a pull-request comment): a value quoted from a file keeps its first MAX_QUOTED_CHARS
 * code points, never more, and a message its start and end. The loader's problems and warnings go
 * through boundMessage; code that quotes a value itself uses clipQuoted.
 */

/** Code points of one quoted value, the marker of a cut value included. */
export const MAX_QUOTED_CHARS = 60;
/** Code points of one whole message. */
export const MAX_MESSAGE_CHARS = 400;

/** `text` cut to `max` code points (never inside a surrogate pair), `…` marking the cut. */
export function clipText(text: string, max = MAX_QUOTED_CHARS): string {
  if (text.length <= max) return text;
  const cps = Array.from(text);
  return cps.length <= max ? text : `${cps.slice(0, max - 1).join('')}…`;
}

/** `text` as a JSON string, its content cut to MAX_QUOTED_CHARS code points. */
export function clipQuoted(text: string): string {
  return JSON.stringify(clipText(text));
}

/**
 * A single-quoted value: `'` opened where no word character precedes it, closed at the first `'`
 * no word character follows. So the apostrophe of prose ("the benchmark's warrants") opens
 * nothing, and one inside a value (`'it's …'`) does not end it.
 */
const SINGLE_QUOTED = /(?<![\p{L}\p{N}_])'([^\n]*?)'(?![\p{L}\p{N}_])/gu;
/** A double-quoted value as JSON.stringify writes one (escapes included). */
const DOUBLE_QUOTED = /"((?:[^"\\\n]|\\.)*)"/g;

function shorten(quote: string, whole: string, v: string): string {
  const cps = Array.from(v);
  if (cps.length <= MAX_QUOTED_CHARS) return whole;
  return `${quote}${cps.slice(0, MAX_QUOTED_CHARS - 3).join('')}...${quote} (${cps.length} characters)`;
}

/** One message with every quoted value bounded (in code points, never split). */
export function boundQuotes(message: string): string {
  return message
    .replace(SINGLE_QUOTED, (whole, v: string) => shorten("'", whole, v))
    .replace(DOUBLE_QUOTED, (whole, v: string) => shorten('"', whole, v));
}

/** One message with every quoted value and the whole bounded (in code points, never split). */
export function boundMessage(message: string): string {
  const quoted = boundQuotes(message);
  const cps = Array.from(quoted);
  if (cps.length <= MAX_MESSAGE_CHARS) return quoted;
  return `${cps.slice(0, MAX_MESSAGE_CHARS - 100).join('')} … ${cps.slice(-80).join('')}`;
}
