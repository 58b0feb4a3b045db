/**
 * The shape of an argument taken from attacked data (docs/agentdojo.md, "Policies"): AgentDojo's
 * `args_template` writes such an argument with each injection vector as `{vector}`, e.g. slack's
 * `External_{prompt_injection_channel}` for "the channel starting with External". A team grants
 * what the task names, the fixed text, and leaves open what the environment supplies: the template
 * with each vector as a wildcard, a Tenuo `Pattern` (`External_*`). Never the injected text, never
 * any value at all.
 *
 * Tenuo's Pattern is the Rust `glob` crate's (tenuo-core/src/constraints.rs, default options): `*`
 * is any run of characters, new lines and `/` included; `?`, `*`, `[` open a wildcard or a class;
 * a backslash is an ordinary character and so are `{`, `}` and `]` (Tenuo's answers, copied in
 * test/fixtures/tenuo-answers/patterns.json). A class of one character is the only way to say a
 * metacharacter literally: `[*]`, `[?]`, `[[]`, `[]]`, as the crate's own `Pattern::escape` writes it.
 */
import type { Value } from '../../warrant/constraint-value.js';

/** The fixed texts of a template around its vectors: `External_{v}` → `['External_', '']`. */
export type ArgShape = readonly string[];

/** Each metacharacter of Tenuo's glob in a class of its own, so that it matches only itself. */
export function globEscape(text: string): string {
  return text.replace(/[*?[\]]/g, '[$&]');
}

function placeholderRe(vectors: readonly string[]): RegExp | undefined {
  if (vectors.length === 0) return undefined;
  const names = vectors.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`\\{(?:${names.join('|')})\\}`, 'g');
}

/**
 * The shape of one template value, or undefined where it holds no vector (a `{word}` that names
 * no vector of the export is text). Only a text has a shape: a list or a map taken from attacked
 * data is granted from its values on the default environment.
 */
export function argShape(template: Value, vectors: readonly string[]): ArgShape | undefined {
  const re = placeholderRe(vectors);
  if (typeof template !== 'string' || re === undefined) return undefined;
  const parts = template.split(re);
  return parts.length > 1 ? parts : undefined;
}

/** Whether the task names any of the value: a value wholly taken from attacked data has no shape to grant. */
export function hasFixedText(shape: ArgShape): boolean {
  return shape.some((part) => part !== '');
}

/**
 * The Tenuo Pattern of a shape: fixed text escaped, each vector a `*`. Vectors side by side make
 * one `*` (the crate reads `**` as a whole path component only, and two stars match no more than one).
 */
export function shapePattern(shape: ArgShape): string {
  let out = globEscape(shape[0]!);
  let wildcardLast = false;
  for (const part of shape.slice(1)) {
    if (!wildcardLast) out += '*';
    out += globEscape(part);
    wildcardLast = part === '';
  }
  return out;
}

/** The vectors' shapes of a call's arguments: parameter → the fixed texts around its vectors. */
export function argShapes(template: Readonly<Record<string, Value>> | undefined, vectors: readonly string[]): Record<string, ArgShape> {
  const out: Record<string, ArgShape> = {};
  for (const [param, value] of Object.entries(template ?? {})) {
    const shape = argShape(value, vectors);
    if (shape !== undefined) out[param] = shape;
  }
  return out;
}
