/**
 * `warrant:`: the grant of each tool, its constraints read from YAML (constraint-from-yaml.ts).
 * A grant is strict (closed world) unless it sets `_allow_unknown: true`; or `warrant: {from: PATH}`
 * reads it from a token or a governance policy (warrant-from-file.ts).
 */
import type { SourcePos } from '../../model/scenario.js';
import type { Constraint, ConstraintSet } from '../../warrant/constraints/types.js';
import { alwaysPresent, bindingOf } from '../../world/binding.js';
import { constraintFromYaml } from '../constraint-from-yaml.js';
import { at, type PathSegment } from '../key-path.js';
import { scalarCharOffset } from '../scalar-offset.js';
import { hint } from '../suggest.js';
import type { PEntry } from '../../lib/yaml-tree.js';
import type { ScenarioCursor } from './cursor.js';
import { paramsList, type ScenarioToolTable } from './tool-table.js';
import { readWarrantFromFile, type WarrantRead } from './warrant-from-file.js';

/** The key of a grant that opts its tool out of closed-world checking. */
export const ALLOW_UNKNOWN_KEY = '_allow_unknown';

export function readWarrant(cursor: ScenarioCursor, table: ScenarioToolTable): WarrantRead | undefined {
  const node = cursor.entry(cursor.root, 'warrant')?.value;
  if (node?.kind !== 'map' || cursor.failed.has(node)) return undefined;
  const from = cursor.entry(node, 'from');
  if (from !== undefined) return readWarrantFromFile(cursor, table, node, from);
  const grants: Record<string, ConstraintSet> = Object.create(null) as Record<string, ConstraintSet>;
  const sources: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
  let ok = !cursor.tainted.has(node);
  for (const e of node.entries) {
    const set = readGrant(cursor, table, e);
    if (set === undefined) ok = false;
    else {
      grants[e.key] = set;
      sources[e.key] = cursor.pos(e.keySpan.start);
    }
  }
  return ok ? { grants, sources } : undefined;
}

/**
 * One tool's grant; `section` is where the grant sits (`warrant`, `agents.NAME.grant`, or a delegate
 * step's grant), for the problems' paths. `strict`: refuse a grant that leaves out a parameter every
 * call carries (a delegate step's grant is not: leaving one out is an attack the chain code refuses
 * at run time, as Tenuo's builder does).
 */
export function readGrant(
  cursor: ScenarioCursor,
  table: ScenarioToolTable,
  grantEntry: PEntry,
  section: readonly PathSegment[] = ['warrant'],
  strict = true,
): ConstraintSet | undefined {
  const tool = grantEntry.key;
  const sig = table.signature(tool);
  if (sig === undefined) {
    if (!table.fromFailed) cursor.report(grantEntry.keySpan.start, at(section, table.unknownTool(tool)));
    return undefined;
  }
  const grantMap = grantEntry.value;
  if (grantMap.kind !== 'map' || cursor.failed.has(grantMap)) return undefined; // reported by the schema
  const constraints: Record<string, Constraint> = Object.create(null) as Record<string, Constraint>;
  let ok = true;
  let allowUnknown = false;
  for (const p of grantMap.entries) {
    if (p.key === ALLOW_UNKNOWN_KEY) {
      allowUnknown = p.value.kind === 'scalar' && p.value.value === true;
      continue;
    }
    const where: PathSegment[] = [...section, tool, p.key];
    const extracted = table.extractedFields(tool);
    if (extracted !== undefined && !extracted.includes(p.key)) {
      cursor.report(
        p.keySpan.start,
        at(
          [...section, tool],
          `unknown field '${p.key}' of ${tool}: under its McpConfig a grant names the fields it extracts (${extracted.length === 0 ? 'none' : extracted.join(', ')})${hint(p.key, extracted)}`,
        ),
      );
      ok = false;
      continue;
    }
    if (extracted === undefined && !sig.params.includes(p.key)) {
      cursor.report(
        p.keySpan.start,
        at([...section, tool], `unknown parameter '${p.key}' of ${tool}${hint(p.key, sig.params)}${paramsList(tool, sig)}`),
      );
      ok = false;
      continue;
    }
    const c = constraintFromYaml(
      p.value,
      where,
      cursor.report,
      (n) => cursor.tainted.has(n),
      (n, value, index) =>
        index < value.length
          ? scalarCharOffset(cursor.text, n.span, value, index)
          : value.length === 0
            ? n.span.start
            : scalarCharOffset(cursor.text, n.span, value, value.length - 1) + 1,
      cursor.warn,
    );
    if (c === undefined) ok = false;
    else constraints[p.key] = c;
  }
  if (!allowUnknown && strict) {
    // Strict (closed world): a parameter every call carries under the tool's binding, left out,
    // would be refused on every call; say so here, where it can be fixed, rather than as a
    // surprising denial in the run. One a call may leave absent (an MCP optional, a guard
    // parameter defaulting to None) need not be named; named, a call without it is denied.
    const def = table.definition(tool);
    const present = alwaysPresent(sig, def);
    const missing = present.filter((p) => !grantMap.entries.some((x) => x.key === p));
    const named = table.extractedFields(tool) ?? sig.params;
    const namedOptional = grantMap.entries.filter((x) => x.key !== ALLOW_UNKNOWN_KEY && named.includes(x.key) && !present.includes(x.key));
    for (const x of namedOptional) {
      cursor.warn(
        x.keySpan.start,
        at(
          [...section, tool, x.key],
          `'${x.key}' may be absent from a call of ${tool} (bound as ${bindingOf(def)}): Tenuo denies a call that leaves out a field its grant names ("missing required argument"), Wildcard included; drop it from the grant to allow calls without it`,
        ),
      );
    }
    if (missing.length > 0) {
      const example = missing.map((p) => `${p}: wildcard`).join(', ');
      cursor.report(
        grantEntry.keySpan.start,
        at(
          [...section, tool],
          `grant is strict: list every parameter ${bindingOf(def) === 'guard' || bindingOf(def) === 'claude-hook' ? `of ${tool}` : `a call of ${tool} carries (bound as ${bindingOf(def)})`}; missing ${missing.map((p) => `'${p}'`).join(', ')} (e.g. ${example}), or set ${ALLOW_UNKNOWN_KEY}: true`,
        ),
      );
      ok = false;
    }
  }
  return ok ? { constraints, allowUnknown } : undefined;
}
