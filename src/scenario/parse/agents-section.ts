/**
 * `agents:` (docs/scenarios.md#agents): name → `{from: PARENT, grant}`. Each grant is read as
 * `warrant:` is (warrant-section.ts's readGrant). What the chains could not build is refused here,
 * at its place, all at once: `agents:` beside `warrant:`, a parent that is not declared, a cycle, a
 * chain deeper than Tenuo's MAX_DELEGATION_DEPTH, more than MAX_AGENTS agents. What the warrant
 * builder refuses (a child grant wider than its parent's) is found after, by the chain check.
 */
import { MAX_AGENTS, ORG } from '../../model/agents.js';
import type { AgentDecl, SourcePos } from '../../model/scenario.js';
import type { ConstraintSet } from '../../warrant/constraints/types.js';
import { MAX_DELEGATION_DEPTH } from '../../warrant/link-rules.js';
import type { PEntry, PMap } from '../../lib/yaml-tree.js';
import { at } from '../key-path.js';
import { hint } from '../suggest.js';
import { scalarText, type ScenarioCursor } from './cursor.js';
import type { ScenarioToolTable } from './tool-table.js';
import { readGrant } from './warrant-section.js';

/** What the file says about its agents: their names (even when something else is wrong) and the topology. */
export interface AgentsRead {
  /** The declared names in file order; empty without `agents:`. */
  readonly names: readonly string[];
  /** Parents first; undefined without `agents:` or when anything in it is wrong. */
  readonly topology: readonly AgentDecl[] | undefined;
  /** Whether the file has an `agents:` section. */
  readonly declared: boolean;
}

/** Reads `agents:`, and checks that the file has exactly one of `warrant:` and `agents:`. */
export function readAgents(cursor: ScenarioCursor, table: ScenarioToolTable): AgentsRead {
  const entry = cursor.entry(cursor.root, 'agents');
  const warrant = cursor.entry(cursor.root, 'warrant');
  if (entry === undefined) {
    if (warrant === undefined) cursor.report(cursor.root.span.start, `missing required key 'warrant' (or 'agents', a topology of agents)`);
    return { names: [], topology: undefined, declared: false };
  }
  if (warrant !== undefined) {
    cursor.report(
      entry.keySpan.start,
      `'agents' and 'warrant' together: with agents, each agent's grant is under agents.NAME.grant; leave 'warrant' out`,
    );
  }
  const node = entry.value;
  if (node.kind !== 'map' || cursor.failed.has(node)) return { names: [], topology: undefined, declared: true };
  const names = node.entries.map((e) => e.key);
  let ok = warrant === undefined && !cursor.tainted.has(node);
  if (node.entries.length === 0) {
    cursor.report(entry.keySpan.start, at(['agents'], 'declares no agent: name at least one (or write warrant: instead)'));
    ok = false;
  }
  if (node.entries.length > MAX_AGENTS) {
    cursor.report(entry.keySpan.start, at(['agents'], `${node.entries.length} agents, more than the ${MAX_AGENTS} a scenario may declare`));
    return { names, topology: undefined, declared: true };
  }
  const agents: AgentDecl[] = [];
  for (const e of node.entries) {
    const agent = readAgent(cursor, table, e, names);
    if (agent === undefined) ok = false;
    else agents.push(agent);
  }
  if (!ok) return { names, topology: undefined, declared: true };
  // Where each agent's `from:` (else its key) is: a cycle or a depth problem points there.
  const fromOffsets = new Map(
    node.entries.map(
      (e) =>
        [e.key, e.value.kind === 'map' ? (cursor.entry(e.value, 'from')?.value.span.start ?? e.keySpan.start) : e.keySpan.start] as const,
    ),
  );
  const ordered = orderParentsFirst(cursor, agents, fromOffsets);
  return { names, topology: ordered, declared: true };
}

function readAgent(cursor: ScenarioCursor, table: ScenarioToolTable, e: PEntry, names: readonly string[]): AgentDecl | undefined {
  const name = e.key;
  if (name === ORG) {
    cursor.report(e.keySpan.start, at(['agents'], `'${ORG}' names the org key (the trusted root), not an agent: choose another name`));
    return undefined;
  }
  const body = e.value;
  if (body.kind !== 'map' || cursor.failed.has(body)) return undefined; // the schema said why
  const fromEntry = cursor.entry(body, 'from');
  let from: string | null = null;
  let ok = true;
  if (fromEntry !== undefined && !cursor.tainted.has(fromEntry.value)) {
    const parent = scalarText(fromEntry.value);
    if (parent === name) {
      cursor.report(fromEntry.value.span.start, at(['agents', name, 'from'], `'${name}' cannot delegate to itself`));
      ok = false;
    } else if (parent !== ORG && !names.includes(parent)) {
      cursor.report(
        fromEntry.value.span.start,
        at(
          ['agents', name, 'from'],
          `unknown agent '${parent}'${hint(parent, [ORG, ...names])}: a parent is another agent of agents: or '${ORG}' (the org key mints the warrant)`,
        ),
      );
      ok = false;
    } else if (parent !== ORG) from = parent;
  } else if (fromEntry !== undefined) ok = false;
  const grant = readAgentGrant(cursor, table, body, name);
  if (grant === undefined || !ok || cursor.tainted.has(body)) return undefined;
  const grantEntry = cursor.entry(body, 'grant')!;
  return {
    name,
    from,
    grant: grant.grants,
    source: cursor.pos(e.keySpan.start),
    fromSource: cursor.pos(fromEntry?.value.span.start ?? e.keySpan.start),
    grantSource: cursor.pos(grantEntry.keySpan.start),
    grantSources: grant.sources,
  };
}

function readAgentGrant(
  cursor: ScenarioCursor,
  table: ScenarioToolTable,
  body: PMap,
  name: string,
): { grants: Record<string, ConstraintSet>; sources: Record<string, SourcePos> } | undefined {
  const node = cursor.entry(body, 'grant')?.value;
  if (node?.kind !== 'map' || cursor.failed.has(node)) return undefined;
  const grants = Object.create(null) as Record<string, ConstraintSet>;
  const sources = Object.create(null) as Record<string, SourcePos>;
  let ok = !cursor.tainted.has(node);
  for (const g of node.entries) {
    const set = readGrant(cursor, table, g, ['agents', name, 'grant']);
    if (set === undefined) ok = false;
    else {
      grants[g.key] = set;
      sources[g.key] = cursor.pos(g.keySpan.start);
    }
  }
  return ok ? { grants, sources } : undefined;
}

/**
 * The agents parents first (declaration order among those ready), or undefined after reporting
 * every agent on a cycle and every agent deeper than Tenuo allows (MAX_DELEGATION_DEPTH below the
 * org's root: a chain of at most 65 warrants, as Tenuo's verifier accepts).
 */
function orderParentsFirst(
  cursor: ScenarioCursor,
  agents: readonly AgentDecl[],
  fromOffsets: ReadonlyMap<string, number>,
): AgentDecl[] | undefined {
  const ordered: AgentDecl[] = [];
  const depth = new Map<string, number>();
  let progress = true;
  while (progress && ordered.length < agents.length) {
    progress = false;
    for (const a of agents) {
      if (depth.has(a.name)) continue;
      const parentDepth = a.from === null ? -1 : depth.get(a.from);
      if (parentDepth === undefined) continue;
      depth.set(a.name, parentDepth + 1);
      ordered.push(a);
      progress = true;
    }
  }
  let ok = true;
  for (const a of agents) {
    if (!depth.has(a.name)) {
      cursor.report(
        fromOffsets.get(a.name)!,
        at(['agents', a.name, 'from'], `'${a.name}' is on a delegation cycle (or below one): every chain must start at the org key`),
      );
      ok = false;
    } else if (depth.get(a.name)! > MAX_DELEGATION_DEPTH && depth.get(a.from ?? '') === MAX_DELEGATION_DEPTH) {
      cursor.report(
        fromOffsets.get(a.name)!,
        at(
          ['agents', a.name, 'from'],
          `'${a.name}' would be at depth ${depth.get(a.name)}: Tenuo's chains allow at most ${MAX_DELEGATION_DEPTH} delegations below the org's root (MAX_DELEGATION_DEPTH), so its warrant cannot be granted`,
        ),
      );
      ok = false;
    }
  }
  return ok ? ordered : undefined;
}
