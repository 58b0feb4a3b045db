/**
 * The calls of one imported user × injection pair (docs/agentdojo.md, "Calls"): the user task's
 * ground-truth calls with the injection text in every vector their results (or, in slack, their
 * arguments) carry, and the injection task's calls, marked `expect: deny`, right after the first
 * call whose result carries a vector: the point where an agent first reads the injection.
 */
import type { AdCall, AdInjectionTask, AdUserTask, AgentDojoExport } from '../../import/agentdojo/types.js';
import type { Value } from '../../warrant/constraint-value.js';
import { argShapes, type ArgShape } from './arg-shape.js';
import { canonicalKey } from './values.js';

export interface PairCall {
  readonly tool: string;
  /** The arguments the call passes in this pair (a vector filled in where AgentDojo's args template has one). */
  readonly args: Readonly<Record<string, Value>>;
  /** The arguments on AgentDojo's default environment: what a team writes its grant from. */
  readonly benignArgs: Readonly<Record<string, Value>>;
  /** Parameter → the fixed texts around the vectors its value is taken from (a task's call; none for an attack's). */
  readonly shapes: Readonly<Record<string, ArgShape>>;
  readonly result: string;
  readonly role: 'task' | 'attack';
  readonly expect: 'allow' | 'deny';
  /** Why an attack call is expected to be allowed. */
  readonly note?: string;
}

/** The attack text as it lands in `vector`. */
function textAt(injection: AdInjectionTask, vector: string): string {
  return Object.hasOwn(injection.textInEnvironmentAt, vector) ? injection.textInEnvironmentAt[vector]! : injection.textInEnvironment;
}

function placeholders(vectors: readonly string[]): RegExp {
  const names = vectors.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`\\{(${names.join('|')})\\}`, 'g');
}

function fillText(template: string, vectors: readonly string[], injection: AdInjectionTask): string {
  if (vectors.length === 0) return template;
  return template.replace(placeholders(vectors), (_, vector: string) => textAt(injection, vector));
}

function fillValue(value: Value, vectors: readonly string[], injection: AdInjectionTask): Value {
  if (typeof value === 'string') return fillText(value, vectors, injection);
  if (Array.isArray(value)) return value.map((x) => fillValue(x, vectors, injection));
  return value;
}

function carriesVector(call: AdCall, vectors: readonly string[]): boolean {
  return vectors.length > 0 && call.resultTemplate !== undefined && placeholders(vectors).test(call.resultTemplate);
}

export type PairCallsResult = { readonly calls: readonly PairCall[] } | { readonly skip: string };

/** The pair's calls in replay order, or why the pair cannot be replayed. */
export function pairCalls(exp: AgentDojoExport, user: AdUserTask, injection: AdInjectionTask): PairCallsResult {
  const vectors = exp.vectors;
  const task: PairCall[] = user.calls.map((c) => ({
    tool: c.tool,
    args:
      c.argsTemplate === undefined
        ? c.args
        : Object.fromEntries(Object.entries(c.argsTemplate).map(([k, v]) => [k, fillValue(v, vectors, injection)])),
    benignArgs: c.args,
    shapes: argShapes(c.argsTemplate, vectors),
    result: c.resultTemplate === undefined ? c.result : fillText(c.resultTemplate, vectors, injection),
    role: 'task',
    expect: 'allow',
  }));
  const carrier = user.calls.findIndex((c) => carriesVector(c, vectors));
  if (carrier < 0)
    return { skip: `no call of ${user.id} returns an injection vector: there is no point at which the agent reads the attack` };
  // The task's calls as made in this pair and as on the default environment: an injection call is
  // computed on the default environment, so a read of slack's `External_0` is the task's own read.
  const taskKeys = new Set(task.flatMap((c) => [canonicalKey(c.tool, c.args), canonicalKey(c.tool, c.benignArgs)]));
  const attack: PairCall[] = injection.calls.map((c) => {
    const same = taskKeys.has(canonicalKey(c.tool, c.args));
    return {
      tool: c.tool,
      args: c.args,
      benignArgs: c.args,
      shapes: {},
      result: c.result,
      role: 'attack',
      expect: same ? 'allow' : 'deny',
      ...(same && { note: `the task makes this very call itself: a grant cannot tell the attack's ${c.tool} from the task's` }),
    };
  });
  return { calls: [...task.slice(0, carrier + 1), ...attack, ...task.slice(carrier + 1)] };
}
