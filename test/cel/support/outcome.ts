/**
 * evaluateCel's answer as one line of text, for the out-of-dialect conformance tests' recorded
 * outcomes (test/cel/conformance-out.data.ts): `= value : type`, or `stage code: message`.
 * A compile error's position is left out: the crate's parser counts columns differently
 * (its message is otherwise ours), and the outcome is about what is refused and why.
 */
import type { evaluateCel } from '../../../src/cel/index.js';
import { debugValue } from '../../../src/cel/show.js';
import { deepType, render } from './dialect.js';

export function outcomeText(r: ReturnType<typeof evaluateCel>): string {
  if (r.ok) {
    const shown = render(r.value);
    // Timestamps and durations have no conformance rendering: the crate's Debug text names them.
    return shown.startsWith('<unknown') ? `= ${debugValue(r.value)}` : `= ${shown} : ${deepType(r.value)}`;
  }
  const message = r.stage === 'compile' ? r.error.replace(/^does not compile: \d+:\d+: /, '') : r.error;
  return `${r.stage} ${r.code}: ${message}`;
}
