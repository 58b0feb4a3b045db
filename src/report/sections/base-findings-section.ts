/**
 * "Findings against BASE" (docs/guard.md#findings-already-on-the-base): what the change does to
 * the analyses' findings, right after the changes against the base and before the policy holes.
 * First one count line per analysis ("probes: 4 escaped → 0"), then the findings the change brings,
 * then those it fixes; the findings the base already had are collapsed at the end, and the policy
 * holes and the policy analysis below show only the new ones (newFindingsOnly).
 *
 * Everything here comes from scenario files or a results file: escaped, cut, and every list bounded.
 */
import { escapeControls } from '../../lib/control-chars.js';
import { plural } from '../../lib/plural.js';
import type { BaseFindings, FindingCounts } from '../../results/base-findings.js';
import type { PolicyAnalysisResults } from '../../results/policy.js';
import type { ProbesSection } from '../../results/probes.js';
import type { Escapers } from '../escape.js';

const MAX_ITEMS = 20; // findings listed per list; the rest are counted
const MAX_TEXT = 160; // characters of a name or a mutation

interface Item {
  readonly scenario: string;
  readonly tool: string;
  readonly param: string | null;
  readonly baseline_state?: string;
}

type Analysis = 'probes' | 'mutants' | 'slack';

const WHAT: Readonly<Record<Analysis, { readonly noun: string; readonly verb: string }>> = {
  probes: { noun: 'probe escape', verb: 'escaped' },
  mutants: { noun: 'surviving mutant', verb: 'survived' },
  slack: { noun: 'slack finding', verb: '' },
};

function cut(s: string): string {
  return s.length <= MAX_TEXT ? s : `${s.slice(0, MAX_TEXT)}…`;
}

/** `probes: 4 escaped → 0 (4 fixed)`: the base's count, then the head's, then what changed. */
export function countLine(analysis: Analysis, counts: FindingCounts): string {
  const c = counts;
  const verb = WHAT[analysis].verb;
  const changed = [
    c.new > 0 ? `${c.new} new` : '',
    c.fixed > 0 ? `${c.fixed} fixed` : '',
    c.on_base > 0 ? `${c.on_base} already on the base` : '',
  ]
    .filter((x) => x !== '')
    .join(', ');
  return `${analysis}: ${c.base}${verb ? ` ${verb}` : ''} → ${c.head}${changed ? ` (${changed})` : ''}`;
}

function describe(analysis: Analysis, f: Item & Record<string, unknown>, esc: Escapers): string {
  const grant = `\`${esc.code(cut(f.param === null ? f.tool : `${f.tool}.${f.param}`))}\``;
  const what =
    analysis === 'probes'
      ? `${esc.text(String(f.family).replace(/_/g, ' '))} probe escaped`
      : analysis === 'mutants'
        ? `mutant \`${esc.code(cut(String(f.mutation)))}\` survived`
        : esc.text(String(f.kind).replace(/_/g, ' '));
  const where = typeof f.source === 'string' ? ` (\`${esc.code(f.source)}\`)` : '';
  return `- **${esc.text(f.scenario)}** ${grant}: ${what}${where}`;
}

/** One finding per line, grouped findings of a probe family × grant counted once (a hole is one finding). */
function listed(analysis: Analysis, items: readonly Item[], esc: Escapers): string[] {
  const seen = new Map<string, { item: Item; n: number }>();
  for (const f of items) {
    const r = f as Item & Record<string, unknown>;
    const key = JSON.stringify([analysis, f.scenario, f.tool, f.param, r.family, r.mutation, r.kind]);
    const s = seen.get(key);
    if (s) s.n++;
    else seen.set(key, { item: f, n: 1 });
  }
  const all = [...seen.values()];
  const lines = all
    .slice(0, MAX_ITEMS)
    .map(({ item, n }) => describe(analysis, item as Item & Record<string, unknown>, esc) + (n > 1 ? ` ×${n}` : ''));
  if (all.length > MAX_ITEMS) lines.push(`- … and ${all.length - MAX_ITEMS} more (see the results JSON)`);
  return lines;
}

export interface HeadFindings {
  readonly probes?: ProbesSection;
  readonly policy?: PolicyAnalysisResults;
}

function headItems(analysis: Analysis, head: HeadFindings): readonly Item[] {
  if (analysis === 'probes') return head.probes?.escapes ?? [];
  if (analysis === 'mutants') return head.policy?.mutants.survivors ?? [];
  return head.policy?.slack ?? [];
}

/** The section, or '' when the comparison did not compare the analyses. */
export function renderBaseFindingsSection(findings: BaseFindings, head: HeadFindings, baseName: string, esc: Escapers): string {
  const f = findings;
  const analyses = (['probes', 'mutants', 'slack'] as const).filter((a) => f[a] !== undefined);
  if (analyses.length === 0) return '';
  const lines = [`### Findings against ${baseName}`, '', ...analyses.map((a) => `- ${countLine(a, f[a]!)}`)];
  const fresh = analyses.flatMap((a) =>
    listed(
      a,
      headItems(a, head).filter((x) => x.baseline_state !== 'on_base'),
      esc,
    ),
  );
  if (fresh.length > 0) lines.push('', '**New in this change:**', '', ...fresh);
  const fixed = analyses.flatMap((a) => listed(a, f[a]!.fixed_findings, esc));
  if (fixed.length > 0) lines.push('', '**Fixed by this change** (as at the base):', '', ...fixed);
  if (f.not_compared.length > 0) {
    lines.push('', `**Not compared with the base** (their findings are all counted new):`, '');
    lines.push(
      ...f.not_compared.slice(0, MAX_ITEMS).map((n) => `- ${n.scenario ? `**${esc.text(n.scenario)}**: ` : ''}${esc.text(cut(n.reason))}`),
    );
    if (f.not_compared.length > MAX_ITEMS) lines.push(`- … and ${f.not_compared.length - MAX_ITEMS} more (see the results JSON)`);
  }
  const old = analyses.flatMap((a) =>
    listed(
      a,
      headItems(a, head).filter((x) => x.baseline_state === 'on_base'),
      esc,
    ),
  );
  const oldCount = analyses.reduce((n, a) => n + f[a]!.on_base, 0);
  if (oldCount > 0) {
    lines.push(
      '',
      `<details><summary>already on the base (${oldCount})</summary>`,
      '',
      ...(old.length > 0 ? old : ['- (listed in the results file this report was made from)']),
      '',
      '</details>',
    );
  }
  return lines.join('\n');
}

/** The probes and the policy analysis with only the findings the change brings, for the sections below this one. */
export function newFindingsOnly(head: HeadFindings): HeadFindings {
  const fresh = <T extends Item>(list: readonly T[]): T[] => list.filter((x) => x.baseline_state !== 'on_base');
  const probes = head.probes && { ...head.probes, escapes: fresh(head.probes.escapes) };
  const policy = head.policy && {
    ...head.policy,
    mutants: { ...head.policy.mutants, survivors: fresh(head.policy.mutants.survivors) },
    slack: fresh(head.policy.slack),
  };
  return {
    ...(probes ? { probes: { ...probes, escaped: probes.escapes.length } } : {}),
    ...(policy ? { policy } : {}),
  };
}

/** The console's line: `Against BASE: probes: 4 escaped → 0 (4 fixed); …`, or undefined. */
export function baseFindingsLine(findings: BaseFindings | undefined, baseName: string): string | undefined {
  const f = findings;
  if (!f) return undefined;
  const analyses = (['probes', 'mutants', 'slack'] as const).filter((a) => f[a] !== undefined);
  if (analyses.length === 0) return undefined;
  const not = f.not_compared.length > 0 ? `; ${plural(f.not_compared.length, 'scenario')} not compared (findings counted new)` : '';
  // The ref comes from the results file, as untrusted as the scenario names the console escapes.
  return `Findings against ${escapeControls(baseName)}: ${analyses.map((a) => countLine(a, f[a]!)).join('; ')}${not}`;
}
