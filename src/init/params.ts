/**
 * What init reads from an MCP tool's listed schema about one of its parameters (docs/cli.md,
 * "init"): whether it is free text the agent composes (a message, a summary: any value goes, the
 * grant does not pin it to the recorded sentence), and the values an `enum` allows (each one the
 * run did not use is an attack, e.g. `production` beside a recorded `staging`).
 *
 * Only the tools of a --tools list are read so: the built-ins and Claude Code's tools have their
 * free-text parameters listed by name (tightest-grant.ts, claude-code-as-builtin.ts) and no enums.
 */
import type { CustomTool, JsonValue, ParamKind } from '../model/scenario.js';
import type { Value } from '../warrant/constraint-value.js';

/** A string this long is a text, not an identifier. */
const SHORT = 200;
/** The last word of a parameter's name that says it holds prose (`text`, `release_notes`, `commentBody`). */
const PROSE_WORDS = new Set([
  'text',
  'message',
  'body',
  'content',
  'comment',
  'description',
  'summary',
  'title',
  'subject',
  'note',
  'notes',
  'prompt',
  'reason',
  'details',
]);

function lastWord(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
  return words.at(-1) ?? '';
}

/** The tool as an MCP list declared it: not a built-in, not one of Claude Code's. */
function listed(def: CustomTool | undefined): def is CustomTool {
  return def !== undefined && def.claudeCode === undefined;
}

/** The scalar values the listed schema's `enum` allows (undefined: no enum, or one that holds lists or maps). */
export function enumValues(def: CustomTool | undefined, param: string): readonly Value[] | undefined {
  if (!listed(def) || def.paramSchemas === undefined || !Object.hasOwn(def.paramSchemas, param)) return undefined;
  const values: JsonValue | undefined = def.paramSchemas[param]!.enum;
  if (!Array.isArray(values) || values.length === 0) return undefined;
  const scalar = (v: JsonValue): v is string | number | boolean | null => v === null || typeof v !== 'object';
  return values.every(scalar) ? values : undefined;
}

/**
 * Free text: a `text` parameter of a listed tool, without an enum, whose recorded values are
 * strings (null for a call that left it out) and either read as prose (a space, a line break, over
 * 200 characters) or sit in a parameter whose name says prose. An identifier (`REL-7`, `#releases`)
 * stays pinned to what the run used.
 */
export function isFreeText(def: CustomTool | undefined, param: string, kind: ParamKind, values: readonly Value[]): boolean {
  if (!listed(def) || kind !== 'text' || enumValues(def, param) !== undefined) return false;
  const given = values.filter((v) => v !== null);
  if (given.length === 0 || !given.every((v): v is string => typeof v === 'string')) return false;
  return PROSE_WORDS.has(lastWord(param)) || given.some((v) => /\s/u.test(v) || v.length > SHORT);
}
