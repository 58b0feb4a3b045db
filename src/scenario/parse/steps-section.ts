/**
 * The delegation-level steps of `calls:` (docs/scenarios.md#delegation-steps): `delegate`, and
 * calls with `warrant_of`, `replay` or `splice`. What the schema cannot say is checked here, so that
 * `validate` refuses what `run` could not do: an agent that does not exist at that point of the list
 * (the declared ones, and those an earlier `delegate` step made), a replay of a call that does not
 * come before it, a step that mixes kinds, a delegate step that also names a tool. Whether Tenuo
 * accepts a step is the run's decision (src/trial/delegation-steps.ts), never the loader's.
 */
import type { ScenarioCall, SourcePos } from '../../model/scenario.js';
import type { DelegateStep, ScenarioStep, StepCall } from '../../model/steps.js';
import type { ConstraintSet } from '../../warrant/constraints/types.js';
import { MAX_DELEGATION_DEPTH } from '../../warrant/link-rules.js';
import type { PMap, PNode } from '../../lib/yaml-tree.js';
import { at, type PathSegment } from '../key-path.js';
import { hint } from '../suggest.js';
import { readCall } from './call-entry.js';
import { scalarText, type ScenarioCursor } from './cursor.js';
import type { ScenarioToolTable } from './tool-table.js';
import { readGrant } from './warrant-section.js';

/** The keys that make an entry of `calls:` a step rather than an ordinary call. */
const STEP_KEYS = ['delegate', 'warrant_of', 'replay', 'splice'] as const;
/** A wait longer than Tenuo's longest warrant lifetime (90 days) tests nothing more. */
export const MAX_WAIT_SECONDS = 90 * 24 * 3600;
/** Requested lifetimes beyond this are refused as input (Tenuo would shorten them to the parent's expiry anyway). */
export const MAX_STEP_TTL_SECONDS = 2 ** 32 - 1;
/** Agents a scenario's steps may make, at most (each is a key and a warrant per trial). */
export const MAX_STEP_AGENTS = 256;

export function isStepItem(item: PMap): boolean {
  return item.entries.some((e) => (STEP_KEYS as readonly string[]).includes(e.key) || e.key === 'after');
}

/**
 * The agents that exist at a point of the list: the scenario's (its `agents:`, else the planner and
 * the worker), then every `to` of a delegate step read so far. `leaf`: the agent of a call or step
 * that names none (undefined when several agents are leaves, null when the topology has a problem).
 */
export class StepAgents {
  private readonly names: string[];
  readonly leaf: string | undefined | null;
  readonly leaves: readonly string[];
  constructor(agents?: CallAgentsLike) {
    this.names = [...(agents?.names ?? [])];
    this.leaf = agents === undefined ? null : agents.fallback;
    this.leaves = agents?.leaves ?? [];
  }
  has(name: string): boolean {
    return this.names.includes(name);
  }
  add(name: string): boolean {
    if (this.has(name)) return true;
    if (this.names.length >= MAX_STEP_AGENTS) return false;
    this.names.push(name);
    return true;
  }
  list(): readonly string[] {
    return this.names;
  }
}

/** What calls-section.ts knows of the scenario's agents (its CallAgents). */
interface CallAgentsLike {
  readonly names: readonly string[];
  readonly fallback: string | undefined | null;
  readonly leaves: readonly string[];
}

interface StepReader {
  readonly cursor: ScenarioCursor;
  readonly index: number;
  readonly agents: StepAgents;
  ok: boolean;
}

function problem(r: StepReader, node: PNode, path: readonly PathSegment[], message: string): void {
  r.cursor.report(node.span.start, at(['calls', r.index, ...path], message));
  r.ok = false;
}

/** An agent name the schema passed, checked to exist at this point of the list. */
function knownAgent(r: StepReader, node: PNode | undefined, path: readonly PathSegment[], role: string): string | undefined {
  if (node === undefined || r.cursor.tainted.has(node)) return undefined;
  const name = scalarText(node);
  if (!r.agents.has(name)) {
    problem(
      r,
      node,
      path,
      `unknown agent '${name}'${hint(name, r.agents.list())} as ${role}: the agents here are ${r.agents.list().join(', ')} (a delegate step makes a new one for the steps after it)`,
    );
    return undefined;
  }
  return name;
}

/** An integer the schema passed (YAML reads `3` as a bigint, `3.0` as a number); huge ones stay huge. */
function intOf(node: PNode | undefined): number | undefined {
  if (node?.kind !== 'scalar') return undefined;
  const v = node.value;
  if (typeof v === 'bigint') return Number(v);
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** The agent that makes a call-making step: its `agent:`, else the scenario's single leaf. */
function stepCaller(r: StepReader, item: PMap): string | undefined {
  const node = r.cursor.entry(item, 'agent')?.value;
  if (node !== undefined) return knownAgent(r, node, ['agent'], 'the caller');
  if (typeof r.agents.leaf === 'string') return r.agents.leaf;
  if (r.agents.leaf === undefined)
    problem(
      r,
      item,
      [],
      `several agents delegate to nobody (${r.agents.leaves.join(', ')}): say which one makes this step with agent: NAME`,
    );
  else r.ok = false; // the topology has a problem, reported there
  return undefined;
}

function readDelegate(
  r: StepReader,
  table: ScenarioToolTable,
  item: PMap,
  node: PMap,
  base: Omit<DelegateStep, 'kind' | 'from' | 'to' | 'grant' | 'grantSources'>,
): ScenarioStep | undefined {
  const { cursor } = r;
  for (const e of item.entries) {
    if (e.key === 'tool' || e.key === 'args' || e.key === 'agent')
      problem(r, e.value, [e.key], `a delegate step makes no call and its agent is \`delegate.from\`: drop '${e.key}'`);
  }
  const from = knownAgent(r, cursor.entry(node, 'from')?.value, ['delegate', 'from'], 'delegate.from');
  const toNode = cursor.entry(node, 'to')?.value;
  const to = toNode !== undefined && !cursor.tainted.has(toNode) ? scalarText(toNode) : undefined;
  if (to !== undefined && from !== undefined && to === from)
    problem(r, toNode!, ['delegate', 'to'], `an agent delegating to itself ('${to}') is not a delegation`);
  const grantNode = cursor.entry(node, 'grant')?.value;
  const grant = Object.create(null) as Record<string, ConstraintSet>;
  const grantSources = Object.create(null) as Record<string, SourcePos>;
  if (grantNode?.kind === 'map' && !cursor.failed.has(grantNode)) {
    if (grantNode.entries.length === 0)
      problem(r, grantNode, ['delegate', 'grant'], "grant names no tool: Tenuo's builder refuses an execution warrant without one");
    for (const g of grantNode.entries) {
      const set = readGrant(cursor, table, g, ['calls', r.index, 'delegate', 'grant'], false);
      if (set === undefined) r.ok = false;
      else {
        grant[g.key] = set;
        grantSources[g.key] = cursor.pos(g.keySpan.start);
      }
    }
  } else r.ok = false;
  const ttlNode = cursor.entry(node, 'ttl')?.value;
  const ttl = intOf(ttlNode);
  if (ttl !== undefined && ttl > MAX_STEP_TTL_SECONDS)
    problem(r, ttlNode!, ['delegate', 'ttl'], `ttl ${ttl} s is over ${MAX_STEP_TTL_SECONDS} s`);
  const depthNode = cursor.entry(node, 'max_depth')?.value;
  const maxDepth = intOf(depthNode);
  if (maxDepth !== undefined && maxDepth > 255)
    problem(
      r,
      depthNode!,
      ['delegate', 'max_depth'],
      `max_depth ${maxDepth} does not fit a warrant (a byte; Tenuo's limit is ${MAX_DELEGATION_DEPTH})`,
    );
  if (to !== undefined && !r.agents.add(to)) problem(r, toNode!, ['delegate', 'to'], `more than ${MAX_STEP_AGENTS} agents`);
  if (!r.ok || from === undefined || to === undefined) return undefined;
  return {
    kind: 'delegate',
    ...base,
    from,
    to,
    grant,
    grantSources,
    ...(ttl !== undefined && { ttl }),
    ...(maxDepth !== undefined && { maxDepth }),
  };
}

/**
 * One step of `calls:` (the item at `index`), `calls`: the ordinary calls read before it. Reports
 * every problem it finds and returns undefined when there is one.
 */
export function readStep(
  cursor: ScenarioCursor,
  table: ScenarioToolTable,
  item: PMap,
  index: number,
  calls: readonly ScenarioCall[],
  agents: StepAgents,
): ScenarioStep | undefined {
  const r: StepReader = { cursor, index, agents, ok: !cursor.tainted.has(item) };
  const kinds = item.entries.filter((e) => (STEP_KEYS as readonly string[]).includes(e.key));
  if (kinds.length > 1) {
    problem(r, kinds[1]!.value, [kinds[1]!.key], `one step per entry: this entry is already a '${kinds[0]!.key}' step`);
    return undefined;
  }
  const expectNode = cursor.entry(item, 'expect')?.value;
  const waitNode = cursor.entry(item, 'after')?.value;
  const wait = intOf(waitNode) ?? 0;
  if (wait > MAX_WAIT_SECONDS) problem(r, waitNode!, ['after'], `after: ${wait} s is more than 90 days (${MAX_WAIT_SECONDS} s)`);
  const base = {
    expect: expectNode !== undefined && scalarText(expectNode) === 'deny' ? ('deny' as const) : ('allow' as const),
    source: cursor.pos(item.span.start),
    afterCall: calls.length,
    wait,
  };
  const kind = kinds[0];
  if (kind === undefined) {
    problem(r, waitNode!, ['after'], '`after:` belongs to a step (delegate, warrant_of, replay, splice)');
    return undefined;
  }
  if (kind.key === 'delegate') return kind.value.kind === 'map' ? readDelegate(r, table, item, kind.value, base) : undefined;
  const agent = stepCaller(r, item);
  let call: StepCall | undefined;
  if (kind.key === 'replay') {
    const n = intOf(kind.value);
    if (n === undefined) return undefined; // the schema said why
    if (n > calls.length) {
      problem(
        r,
        kind.value,
        ['replay'],
        `there is no call #${n} before this step (${calls.length} ordinary call${calls.length === 1 ? ' comes' : 's come'} before it; calls are numbered from 1, steps are not counted)`,
      );
      return undefined;
    }
    call = readCall(cursor, table, item, index, calls[n - 1]!);
    if (call === undefined || !r.ok || agent === undefined) return undefined;
    return { kind: 'replay', ...base, agent, of: n, call: { tool: call.tool, args: call.args } };
  }
  call = readCall(cursor, table, item, index);
  if (kind.key === 'warrant_of') {
    const of = knownAgent(r, kind.value, ['warrant_of'], 'warrant_of');
    if (of !== undefined && agent !== undefined && of === agent)
      problem(r, kind.value, ['warrant_of'], `'${of}' is the caller itself: warrant_of names another agent`);
    if (call === undefined || !r.ok || agent === undefined || of === undefined) return undefined;
    return { kind: 'warrant_of', ...base, agent, of, call: { tool: call.tool, args: call.args } };
  }
  const spliceNode = kind.value.kind === 'map' ? cursor.entry(kind.value, 'parents_of')?.value : undefined;
  const parentsOf = knownAgent(r, spliceNode, ['splice', 'parents_of'], 'splice.parents_of');
  if (call === undefined || !r.ok || agent === undefined || parentsOf === undefined) return undefined;
  return { kind: 'splice', ...base, agent, parentsOf, call: { tool: call.tool, args: call.args } };
}
