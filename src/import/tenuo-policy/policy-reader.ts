/**
 * The state of one `tenuo.yaml` being read (src/import/tenuo-policy/index.ts says what is mapped):
 * the problems placed in the file, the grants and hook views so far, and what the native tools
 * and `mcp.enforce` put in tenuo-claude's warrant; with the small readers of the YAML tree every
 * part of the policy uses.
 */
import type { PEntry, PMap, PNode } from '../../lib/yaml-tree.js';
import type { HookView } from '../../model/scenario.js';
import type { Constraint, ConstraintSet } from '../../warrant/constraints/types.js';
import { constraintOfSpec } from './constraint-spec.js';

export interface PolicyContext {
  /** The policy as displayed (problems are placed in it). */
  readonly file: string;
  /** The scenario's working directory: a relative `sandbox:` resolves against it. */
  readonly cwd: string;
  /** A tool's parameters; a Claude Code tool asked for becomes one of the scenario's tools. */
  readonly paramsOf: (tool: string) => readonly string[] | undefined;
  /** The tools the scenario declares under `tools:`. */
  readonly declared: readonly string[];
}

/** Where a granted tool's rule is written: offsets of the rule, and of a parameter's own part of it. */
export interface RuleSpan {
  readonly start: number;
  readonly end: number;
  readonly params?: Readonly<Record<string, { readonly start: number; readonly end: number }>>;
}

/** A problem placed in the policy file, as the scenario loader reports it (`FILE:LINE:COL: message`). */
export interface PolicyProblem {
  file: string;
  line: number;
  col: number;
  message: string;
}

export class PolicyReader {
  readonly problems: PolicyProblem[] = [];
  readonly grants: Record<string, ConstraintSet> = Object.create(null) as Record<string, ConstraintSet>;
  readonly hooks: Record<string, HookView> = Object.create(null) as Record<string, HookView>;
  /** Native capability → the constraints its warrant entry holds, for an MCP tool of that name. */
  readonly nativeCaps = new Map<string, Readonly<Record<string, Constraint>>>();
  /** Tool names on the allow list (with the bundled ones): the hook checks them before mcp.enforce. */
  allowed: readonly string[] = [];
  /** Where each `allow:` name is written (a bundled tool has no place of its own). */
  readonly allowedAt = new Map<string, number>();
  /** Where each granted tool's rule is written (rule-lines.ts turns it into lines). */
  readonly ruleSpans: Record<string, RuleSpan> = Object.create(null) as Record<string, RuleSpan>;
  /** The capability names `mcp.enforce` puts in the warrant. */
  readonly mcpCaps = new Set<string>();
  sandbox = '';

  constructor(
    readonly context: PolicyContext,
    private readonly linePos: (offset: number) => { line: number; col: number },
  ) {}

  problem(offset: number, message: string): void {
    this.problems.push({ file: this.context.file, ...this.linePos(offset), message });
  }

  /** One constraint string, as tenuo-claude's make_constraint reads it. */
  spec(node: PNode, where: string): Constraint | undefined {
    const raw = text(node);
    if (raw === undefined) {
      this.problem(node.span.start, `${where}: expected a constraint string such as "subpath:{sandbox}"`);
      return undefined;
    }
    const spec = raw.split('{sandbox}').join(this.sandbox);
    const colon = spec.indexOf(':');
    const kind = colon < 0 ? spec : spec.slice(0, colon);
    const rest = colon < 0 ? '' : spec.slice(colon + 1);
    const r = constraintOfSpec(kind, rest);
    if (typeof r === 'string') {
      this.problem(node.span.start, `${where}: '${raw}': ${r}`);
      return undefined;
    }
    return r;
  }
}

export function grantOf(params: readonly string[], constraints: Readonly<Record<string, Constraint>>): ConstraintSet {
  const out: Record<string, Constraint> = Object.create(null) as Record<string, Constraint>;
  for (const p of params) out[p] = Object.prototype.hasOwnProperty.call(constraints, p) ? constraints[p]! : { type: 'wildcard' };
  return { constraints: out, allowUnknown: false };
}

/** The hook resolves the governed value as a path when the policy's spec is a `subpath:` one. */
export function isSubpathSpec(node: PNode): boolean {
  return text(node)?.startsWith('subpath:') === true;
}

/** `mcp__SERVER__TOOL` → TOOL, as tenuo-claude's hook strips it. */
export function mcpBareName(name: string): string | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  const parts = name.split('__');
  return parts.length >= 3 && parts.slice(2).join('__') !== '' ? parts.slice(2).join('__') : undefined;
}

/** An entry's span, from its key to the end of its value. */
export function entrySpan(mapEntry: PEntry): { start: number; end: number } {
  return { start: mapEntry.keySpan.start, end: Math.max(mapEntry.keySpan.end, mapEntry.value.span.end) };
}

export function entry(map: PMap, key: string): PEntry | undefined {
  return map.entries.find((e) => e.key === key);
}

export function mapText(value: string | undefined, transform: (text: string) => string): string | undefined {
  return value === undefined ? undefined : transform(value);
}

export function text(node: PNode): string | undefined {
  return node.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
}
