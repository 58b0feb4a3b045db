/**
 * SARIF 2.1.0 (`--sarif FILE`, docs/action.md), for code scanning: one rule per finding kind, each
 * result located at the scenario file's line, with a fingerprint that does not depend on line
 * numbers or call positions, so that code scanning tracks a finding across pushes that move it.
 *
 * Findings: every gate violation (level error, rule = its kind), then findings that did not fail
 * the gate: widenings and suite changes the step allowed, probe escapes under their threshold (`probes.escapes`,
 * docs/analyses.md) and warrant-mutant survivors (`mutants.survivors`). The analyses' parts are read
 * defensively: a results file is untrusted, and an analysis may not have run.
 */
import { createHash } from 'node:crypto';
import { VIOLATION_KINDS } from '../trial/gate-kinds.js';
import type { Results, ViolationKind } from '../results/results.js';
import type { BaselineResults, Widening } from '../results/baseline-comparison.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const FINGERPRINT_KEY = 'delegationBench/v1';
const MAX_MESSAGE = 4000;

type Level = 'error' | 'warning' | 'note';

/** Rules beyond the gate's kinds: findings that are reported without failing the gate. */
const EXTRA_RULES = {
  widening_allowed: {
    title: 'authority widened (allowed)',
    checks: 'task_scoped grants wider than the baseline’s, allowed by --allow-widening',
  },
  suite_change_allowed: {
    title: 'suite weakened (allowed)',
    checks: 'scenarios, expect: deny calls or attack judges of the baseline removed or changed, allowed by --allow-suite-changes',
  },
  probe_escape_finding: {
    title: 'probe escaped (under threshold)',
    checks: 'a probe the authorizer allowed whose real effect the same constraint denies',
  },
  mutant_survivor: { title: 'warrant mutant survived', checks: 'a loosening of the warrant that no scripted attack detects' },
} as const;
type ExtraRule = keyof typeof EXTRA_RULES;
type RuleId = ViolationKind | ExtraRule;

interface SarifRule {
  id: string;
  name: string;
  shortDescription: { text: string };
  fullDescription: { text: string };
  defaultConfiguration: { level: Level };
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations?: {
    physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string }; region: { startLine: number; startColumn: number } };
  }[];
  partialFingerprints: Record<string, string>;
  /** SARIF's own mark against a baseline run: set on the analyses' findings when the guard compared them. */
  baselineState?: BaselineState;
  properties?: Record<string, unknown>;
}

type BaselineState = 'new' | 'unchanged';

/** `baseline_state` of a finding (results/base-findings.ts) as SARIF says it; undefined without a comparison. */
function stateOf(finding: Record<string, unknown>): { baselineState?: BaselineState } {
  return finding.baseline_state === 'on_base'
    ? { baselineState: 'unchanged' }
    : finding.baseline_state === 'new'
      ? { baselineState: 'new' }
      : {};
}

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: {
    // No informationUri: where this action is published is the user's choice, not known here.
    tool: { driver: { name: string; version?: string; rules: SarifRule[] } };
    originalUriBaseIds: Record<string, { description: { text: string } }>;
    results: SarifResult[];
  }[];
}

export interface SarifOptions {
  /** The tool's version, when the caller knows it. */
  version?: string;
}

function ruleIds(): RuleId[] {
  return [...(Object.keys(VIOLATION_KINDS) as ViolationKind[]), ...(Object.keys(EXTRA_RULES) as ExtraRule[])];
}

function ruleOf(id: RuleId): SarifRule {
  const info = id in EXTRA_RULES ? EXTRA_RULES[id as ExtraRule] : VIOLATION_KINDS[id as ViolationKind];
  const level: Level = id in EXTRA_RULES ? (id === 'mutant_survivor' ? 'note' : 'warning') : 'error';
  return {
    id,
    name: id.replace(/(^|_)([a-z])/g, (_m, _u: string, c: string) => c.toUpperCase()),
    shortDescription: { text: info.title },
    fullDescription: { text: `delegation-bench checks: ${info.checks}.` },
    defaultConfiguration: { level },
  };
}

/** FILE:LINE:COL → a SARIF location; a relative file is relative to the checkout (%SRCROOT%). */
function location(source: unknown): SarifResult['locations'] {
  if (typeof source !== 'string') return undefined;
  const m = /^(.+):(\d+):(\d+)$/.exec(source);
  if (!m || !m[1]) return undefined;
  const file = m[1].replace(/\\/g, '/');
  const line = Math.max(1, Number(m[2]));
  const col = Math.max(1, Number(m[3]));
  const absolute = file.startsWith('/');
  const uri = absolute ? `file://${encodeURI(file)}` : encodeURI(file.replace(/^\.\//, ''));
  return [
    {
      physicalLocation: {
        artifactLocation: absolute ? { uri } : { uri, uriBaseId: '%SRCROOT%' },
        region: { startLine: line, startColumn: col },
      },
    },
  ];
}

/**
 * What a widening is: where (scenario, tool, parameter), what kind of change, and what it widened
 * from and to. Dismissing `/app/config → /app` in code scanning must not dismiss a later
 * `/app/config → /`, so the base and head constraints are part of it (their descriptions, which
 * tell long values apart by a digest: warrant/constraints/format.ts).
 */
function wideningIdentity(w: Widening): unknown[] {
  return [w.scenario, w.tool, w.param, w.change, w.base, w.head];
}

function fingerprint(parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}

/** A message's identity without what moves when a file is edited: call positions and line numbers. */
function stableText(message: string): string {
  return message.replace(/#\d+/g, '#').replace(/:\d+:\d+/g, '');
}

function text(s: string): string {
  return s.length <= MAX_MESSAGE ? s : `${s.slice(0, MAX_MESSAGE)}…`;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? ''));
/** `tool.param`, or `tool` when the finding is about the whole tool (param null or absent). */
const where = (tool: unknown, param: unknown): string => (typeof param === 'string' ? `${str(tool)}.${param}` : str(tool));

/** An analysis part's list (`probes.escapes`, `mutants.survivors`), or [] when absent or malformed. */
function listOf(r: Results, part: string, field: string): Record<string, unknown>[] {
  const p = (r as unknown as Record<string, unknown>)[part];
  if (!isObj(p) || !Array.isArray(p[field])) return [];
  return (p[field] as unknown[]).filter(isObj);
}

export function buildSarif(benchResults: Results & { baseline?: BaselineResults }, options: SarifOptions = {}): SarifLog {
  const ids = ruleIds();
  const index = new Map<string, number>(ids.map((id, i) => [id, i]));
  const results: SarifResult[] = [];
  const add = (
    id: RuleId,
    level: Level,
    message: string,
    source: unknown,
    identity: readonly unknown[],
    state: { baselineState?: BaselineState } = {},
  ): void => {
    const loc = location(source);
    results.push({
      ruleId: id,
      ruleIndex: index.get(id)!,
      level,
      message: { text: text(message) },
      ...(loc ? { locations: loc } : {}),
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprint([id, ...identity]) },
      ...state,
    });
  };

  for (const v of benchResults.gate.violations) {
    const w = v.kind === 'authority_widened' ? findWidening(benchResults.baseline, v.scenario, v.message) : undefined;
    const identity = w ? wideningIdentity(w) : [v.scenario, stableText(v.message)];
    const state = v.kind === 'probe_escape' ? escapeState(benchResults, v.scenario, v.source) : {};
    add(v.kind, 'error', v.scenario ? `${v.scenario}: ${v.message}` : v.message, v.source, identity, state);
  }
  if (benchResults.baseline?.allow_widening || benchResults.baseline?.approved_by !== undefined) {
    for (const w of benchResults.baseline.widenings) {
      const what = w.param === null ? `tool ${w.tool}` : `${w.tool}.${w.param}`;
      const proof = w.counterexample ? ` e.g. ${w.counterexample.tool}(${JSON.stringify(w.counterexample.args)})` : ' (unproven)';
      add(
        'widening_allowed',
        'warning',
        `${w.scenario}: ${what}: ${w.base ?? 'not granted'} → ${w.head}.${proof}`,
        w.source,
        wideningIdentity(w),
      );
    }
  }
  if (benchResults.baseline?.allow_suite_changes || benchResults.baseline?.approved_by !== undefined) {
    for (const c of benchResults.baseline.suite_changes) {
      add('suite_change_allowed', 'warning', `${c.scenario}: ${c.change}: base ${c.base_source}: ${c.base}`, c.head_source, [
        c.scenario,
        c.change,
        c.base,
        c.head,
      ]);
    }
  }
  if (!benchResults.gate.violations.some((v) => v.kind === 'probe_escape')) {
    for (const e of listOf(benchResults, 'probes', 'escapes')) {
      add(
        'probe_escape_finding',
        'warning',
        `${str(e.scenario)}: ${where(e.tool, e.param)} ${str(e.constraint)} allowed ${str(e.value)} (${str(e.family)}), whose real effect is ${str(e.canonical)}` +
          (typeof e.effect === 'string' ? `: ${e.effect}` : ''),
        e.source,
        [e.scenario, e.tool, e.param, e.family, e.value],
        stateOf(e),
      );
    }
  }
  for (const s of listOf(benchResults, 'mutants', 'survivors')) {
    add(
      'mutant_survivor',
      'note',
      `${str(s.scenario)}: ${where(s.tool, s.param)}: mutant '${str(s.mutation)}' survived: no scripted attack tests this part of the warrant`,
      s.source,
      [s.scenario, s.tool, s.param, s.mutation],
      stateOf(s),
    );
  }

  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'delegation-bench', ...(options.version ? { version: options.version } : {}), rules: ids.map(ruleOf) } },
        originalUriBaseIds: { '%SRCROOT%': { description: { text: 'The root of the checked-out repository.' } } },
        results,
      },
    ],
  };
}

/** A `probe_escape` violation's mark: `unchanged` when every escape at its grant was on the base. */
function escapeState(r: Results, scenario: string, source: string | undefined): { baselineState?: BaselineState } {
  const at = listOf(r, 'probes', 'escapes').filter((e) => e.scenario === scenario && e.source === source);
  if (at.length === 0 || at.some((e) => e.baseline_state === undefined)) return {};
  return { baselineState: at.every((e) => e.baseline_state === 'on_base') ? 'unchanged' : 'new' };
}

/** The widening a gate violation was made from (same scenario, its message names tool and param). */
function findWidening(b: BaselineResults | undefined, scenario: string, message: string) {
  return b?.widenings.find(
    (w) => w.scenario === scenario && message.includes(w.param === null ? `tool ${w.tool}` : `${w.tool}.${w.param}`),
  );
}

export function renderSarif(benchResults: Results & { baseline?: BaselineResults }, options: SarifOptions = {}): string {
  return `${JSON.stringify(buildSarif(benchResults, options), null, 2)}\n`;
}
