/**
 * The tightest grant that allows a recorded run's calls (docs/cli.md, "init"), when no policy file
 * is given: per parameter, the slack analysis's tightening of what the run used (a path's deepest
 * common folder, a number's range, a recipient list's subset, the values themselves), wildcard for
 * free text the agent composes.
 */
import type { CustomTool, ParamKind } from '../model/scenario.js';
import type { Constraint, ConstraintSet } from '../warrant/constraints/types.js';
import { Float, type Value } from '../warrant/constraint-value.js';
import type { ToolSignature } from '../world/tools.js';
import { familyCheck } from '../analysis/probes/fix.js';
import { knownDirectories, tightest } from '../analysis/slack/tighten.js';
import { ATTACKED_PATHS } from './attacks.js';
import { CLAUDE_CODE_FREE_TEXT } from './claude-code-as-builtin.js';
import { isFreeText } from './params.js';

/** A recorded call bound to its tool's signature (the arguments as the tool reads them). */
export interface BoundCall {
  readonly tool: string;
  readonly args: Record<string, Value>;
  readonly bound: Record<string, Value>;
  readonly result: string | undefined;
  readonly sig: ToolSignature;
  /** The tool as the --tools list declares it (its schemas and hints); undefined for the others. */
  readonly def?: CustomTool;
}

/** A parameter's kind in a signature: text unless the signature says otherwise. */
export function kindOf(signature: ToolSignature, param: string): ParamKind {
  return signature.kinds?.[param] ?? 'text';
}

const SHORT = 200;

/** Built-in parameters that carry free text the agent composes: any value goes (as the built-in suite grants them). */
const FREE_TEXT = new Set(['write_file.content', 'send_email.subject', 'send_email.body', 'http_request.body', ...CLAUDE_CODE_FREE_TEXT]);

function oneOf(values: readonly Value[]): Constraint {
  const distinct: Value[] = [];
  for (const v of values) if (!distinct.some((d) => JSON.stringify(d) === JSON.stringify(v))) distinct.push(v);
  return { type: 'one_of', values: distinct };
}

/** A value the tightest grant can list: `null` too (an optional parameter the run left out is bound to it). */
export function isShortScalar(value: Value): boolean {
  return (
    value === null ||
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    value instanceof Float ||
    typeof value === 'boolean' ||
    (typeof value === 'string' && value.length <= SHORT && !value.includes('\n'))
  );
}

/**
 * The tightest constraint allowing every recorded value of one parameter: a path's deepest common
 * folder (the slack analysis's Subpath rule) unless that folder is `/` or holds what the attack
 * library aims at (then the paths themselves), a number's [min, max], a recipient list's Subset of
 * the addresses used; otherwise the values themselves (OneOf) while they are short, one-line
 * scalars, and Wildcard for free text (longer values; a document's content, a message's subject
 * and body, a request's body).
 */
function tightestFor(kind: ParamKind, values: readonly Value[], dirs: ReadonlySet<string>): Constraint {
  if (kind === 'path') {
    const t = tightest({ type: 'subpath', root: '/', caseSensitive: true, allowEqual: true }, values, dirs);
    // A folder that holds what attacks aim at (the task read one file of /etc) is no boundary: the paths themselves are.
    if (t?.type === 'subpath' && !ATTACKED_PATHS.some((p) => p === t.root || p.startsWith(`${t.root}/`)))
      return withSeparatorFix(t, values);
    if (values.every((v) => typeof v === 'string')) return oneOf(values);
  }
  if (kind === 'number') {
    const t = tightest({ type: 'range', min: null, max: null, minInclusive: true, maxInclusive: true }, values, dirs);
    if (t) return t;
  }
  if (kind === 'email_list' && values.every(Array.isArray)) {
    const all = [...new Set(values.flatMap((v) => (v as Value[]).filter((x): x is string => typeof x === 'string')))];
    const t = tightest({ type: 'subset', allowed: all }, values, dirs);
    return t ?? { type: 'subset', allowed: all };
  }
  if (kind === 'text' && !values.every(isShortScalar)) return { type: 'wildcard' };
  return oneOf(values);
}

/**
 * A Subpath with the probes' fix for separator confusion (src/analysis/probes/fix.ts): Tenuo's
 * Subpath normalizes a path splitting it on `\` as on `/`, a POSIX file system reads `\` as a
 * character of a name, so the two can disagree on which file a path names (docs/analyses.md,
 * "probes"). Refusing `\` makes them agree; kept only when no recorded path holds one (it must
 * allow the run).
 */
function withSeparatorFix(subpath: Constraint, values: readonly Value[]): Constraint {
  const fix = familyCheck('path', 'separator_confusion')!;
  return values.every((v) => typeof v === 'string' && !v.includes('\\')) ? { type: 'all', constraints: [subpath, fix] } : subpath;
}

function stringsIn(v: Value, out: string[]): void {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) v.forEach((x) => stringsIn(x, out));
}

export function tightestGrant(calls: readonly BoundCall[], files: Readonly<Record<string, string>>): Map<string, ConstraintSet> {
  const mentioned = Object.keys(files);
  for (const c of calls) for (const v of Object.values(c.bound)) stringsIn(v, mentioned);
  const dirs = knownDirectories(mentioned);
  const grants = new Map<string, ConstraintSet>();
  for (const c of calls) {
    if (grants.has(c.tool)) continue;
    const same = calls.filter((x) => x.tool === c.tool);
    const constraints: Record<string, Constraint> = {};
    // The parameters every recorded call carries as authorized: over MCP an optional one a call
    // left out is absent, and Tenuo denies a call that lacks a field its grant names.
    for (const p of c.sig.params.filter((q) => same.every((x) => Object.hasOwn(x.bound, q)))) {
      const values = same.map((x) => x.bound[p]!);
      const free = FREE_TEXT.has(`${c.tool}.${p}`) || isFreeText(c.def, p, kindOf(c.sig, p), values);
      constraints[p] = free ? { type: 'wildcard' } : tightestFor(kindOf(c.sig, p), values, dirs);
    }
    grants.set(c.tool, { constraints, allowUnknown: false });
  }
  return grants;
}
