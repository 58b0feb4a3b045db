/**
 * "Changes against BASE": the first thing a reviewer of a policy change reads.
 * First what the change did to the suite itself (each with where it was at the base and where it
 * is in the head), then what the head allows that the base did not (each widening with the call
 * that proves it and what that call did), then what changed decision, then the rates, then
 * narrowings and the scenarios renamed, added or removed. Everything here comes from scenario
 * files or a results file: all of it is escaped.
 */
import { plural } from '../../lib/plural.js';
import { formatRate } from '../../results/rate.js';
import type { BaselineResults, SuiteChange, Widening } from '../../results/baseline-comparison.js';
import { cellEscaper, type Escapers } from '../escape.js';

const MAX_ITEMS = 50; // per list; the rest are counted
const MAX_ARGS = 300; // characters of a call's arguments
const MAX_OUTPUT = 200; // characters of a tool's output
const MAX_FIX_LINES = 12; // lines of a fix's rule shown (the results JSON holds all)

/** Rates as every report shows them (src/results/rate.ts). */
const rate = formatRate;

function cut(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

function call(tool: string, args: unknown, esc: Escapers): string {
  return `\`${esc.code(cut(`${tool}(${JSON.stringify(args)})`, MAX_ARGS))}\``;
}

function bounded<T>(items: readonly T[], each: (x: T) => string): string[] {
  const lines = items.slice(0, MAX_ITEMS).map(each);
  if (items.length > MAX_ITEMS) lines.push(`- … and ${items.length - MAX_ITEMS} more (see the results JSON)`);
  return lines;
}

function widening(w: Widening, esc: Escapers): string {
  const what = w.tool === '' ? 'the grant' : w.param === null ? `tool \`${esc.code(w.tool)}\`` : `\`${esc.code(`${w.tool}.${w.param}`)}\``;
  const from = w.base === null ? 'not granted' : `\`${esc.code(w.base)}\``;
  const where = w.source ? ` (${esc.text(w.source)})` : '';
  // Cross-replay: a base scenario's attack, run under the head's grant.
  const crossed =
    w.change === 'base_attack_allowed' ? `\n  - ${esc.text(w.why)}${w.base_source ? ` (base ${esc.text(w.base_source)})` : ''}` : '';
  // The head side is a file the base scenario read, as it is now (no head scenario reads it in its place).
  const file = w.base_file ? `\n  - the file the base scenario read, as it is in the head: ${esc.text(w.base_file)}` : '';
  const place = w.place ? `\n  - ${esc.text(w.place)}` : '';
  const head = `- **${esc.text(w.scenario)}**: ${what} ${from} → \`${esc.code(w.head)}\`${where}${crossed}${file}${place}`;
  if (!w.counterexample || !w.effect) {
    return `${head}\n  - unproven: no call could be built that the head allows and the base denies (${esc.text(w.why)})${fixOf(w, esc)}`;
  }
  const e = w.effect;
  const attack = e.attack ? ' — **the scenario judges this an attack**' : '';
  // A base attack joined to this widening (cross-replay): its call is the counterexample.
  const own = w.base_attack
    ? ` — the base's own attack (${esc.text(w.base_attack)}${w.base_source ? `, base ${esc.text(w.base_source)}` : ''})`
    : '';
  return (
    [
      head,
      `  - counterexample: ${call(w.counterexample.tool, w.counterexample.args, esc)} is allowed now; the base denied it (${esc.text(e.base_denial.code)})${own}`,
      `  - effect: ${e.effects.length === 0 ? 'none recorded' : e.effects.map((x) => `\`${esc.code(cut(JSON.stringify(x), MAX_ARGS))}\``).join(', ')}; output \`${esc.code(cut(e.output, MAX_OUTPUT))}\`${attack}`,
    ].join('\n') + fixOf(w, esc)
  );
}

/** The fix in the syntax of the file the grant lives in: its words, then each rule line as code. */
function fixOf(w: Widening, esc: Escapers): string {
  if (w.fix === undefined) return '';
  const [first = '', ...rest] = w.fix.split('\n');
  // A line quoted from the file is indented by two spaces (src/guard/file-fix.ts); the rest is prose.
  const lines = rest
    .slice(0, MAX_FIX_LINES)
    .map((l) => (l.startsWith('  ') ? `    - \`${esc.code(cut(l.slice(2), MAX_ARGS))}\`` : `    - ${esc.text(cut(l, MAX_ARGS))}`));
  return `\n  - fix: ${esc.text(cut(first, MAX_ARGS))}${lines.length > 0 ? `\n${lines.join('\n')}` : ''}`;
}

const SUITE_CHANGE_TITLES: Readonly<Record<SuiteChange['change'], string>> = {
  scenario_removed: 'scenario removed',
  deny_call_removed: 'expect: deny call removed',
  label_turned_allow: 'expect: deny turned to allow',
  attack_judge_changed: 'attack judge changed (a reviewer must judge whether it is weaker)',
  attack_hidden: "the base's attack still succeeds under the head's grant; the head's scenario no longer shows it",
  grant_origin_changed: 'the grant (or the tool list) is read from another file than at the base, or turned inline',
  base_unreadable: 'the base scenario does not load at the base (it is not counted as added)',
};

function suiteChange(c: SuiteChange, ref: string, esc: Escapers): string {
  const lines = [
    `- **${esc.text(c.scenario)}**: ${SUITE_CHANGE_TITLES[c.change]}`,
    `  - base ${esc.text(ref)} ${esc.text(c.base_source)}: \`${esc.code(cut(c.base, MAX_ARGS))}\``,
  ];
  if (c.head !== null) lines.push(`  - head ${c.head_source ? `${esc.text(c.head_source)}: ` : ''}\`${esc.code(cut(c.head, MAX_ARGS))}\``);
  else if (c.head_source) lines.push(`  - head ${esc.text(c.head_source)}: no longer there`);
  return lines.join('\n');
}

/**
 * Why the findings of one kind do or do not fail the gate: allowed by the step's input, approved
 * by the pull request's label (docs/action.md), or failing it.
 */
function gateNoteOf(b: BaselineResults, allowed: boolean, kind: 'authority_widened' | 'suite_weakened', esc: Escapers): string {
  if (allowed) return ' (allowed by this step: they do not fail the gate)';
  if (b.approved_by !== undefined)
    return ` (✔️ approved by the label \`${esc.code(b.approved_by)}\` on this pull request: they do not fail the gate)`;
  return ` (each fails the gate: ${kind})`;
}

/** `refName`: the base's branch name when the event gives one for `b.ref` (a reader knows `main`, not a SHA). */
export function renderBaselineSection(baseline: BaselineResults, esc: Escapers, refName?: string): string {
  const ref = refName ?? baseline.ref;
  const against = refName !== undefined ? `\`${esc.code(refName)}\`` : baseline.reason !== undefined ? 'the base' : esc.text(baseline.ref);
  const lines: string[] = [`### Changes against ${against} (\`${esc.code(baseline.commit.slice(0, 7))}\`)`];
  // docs/guard.md#which-base: which commit was compared and why, when it is not simply the ref given.
  if (baseline.reason !== undefined) lines.push('', `Compared with ${esc.text(baseline.reason)}.`);
  if (baseline.suite_changes.length > 0) {
    const n = baseline.suite_changes.length;
    const note = gateNoteOf(baseline, baseline.allow_suite_changes, 'suite_weakened', esc);
    lines.push('', `**⚠️ ${n} change${n === 1 ? '' : 's'} weaken${n === 1 ? 's' : ''} the suite itself**${note}:`, '');
    lines.push(...bounded(baseline.suite_changes, (c) => suiteChange(c, ref, esc)));
  }
  const gateNote = gateNoteOf(baseline, baseline.allow_widening, 'authority_widened', esc);
  if (baseline.widenings.length === 0) lines.push('', '✅ No widening: every task_scoped grant is within the base’s.');
  else {
    lines.push(
      '',
      `**⚠️ ${baseline.widenings.length} widening${baseline.widenings.length === 1 ? '' : 's'}** of task_scoped grants${gateNote}:`,
      '',
    );
    lines.push(...bounded(baseline.widenings, (w) => widening(w, esc)));
  }
  if (baseline.flips.length > 0) {
    lines.push(
      '',
      `**Decision flips** (${baseline.flips.length}):`,
      '',
      '| scenario | condition | call | base → head | deciding denial |',
      '| --- | --- | --- | --- | --- |',
    );
    for (const f of baseline.flips.slice(0, MAX_ITEMS)) {
      const why = f.denial ? esc.text(cut(`${f.denial.code}: ${f.denial.reason}`, MAX_ARGS)) : '';
      lines.push(
        `| ${esc.text(f.scenario)} | ${f.condition} | #${f.index} ${call(f.tool, f.args, { ...esc, code: cellEscaper(esc) })} | ${f.base} → ${f.head} | ${why} |`,
      );
    }
    if (baseline.flips.length > MAX_ITEMS)
      lines.push('', `… and ${plural(baseline.flips.length - MAX_ITEMS, 'more flip')} (see the results JSON)`);
  } else lines.push('', 'No call changed decision.');
  const sums = Object.entries(baseline.summary);
  if (sums.length > 0) {
    lines.push('', '| condition | ASR base → head | TCR base → head |', '| --- | --- | --- |');
    for (const [c, s] of sums)
      lines.push(`| ${c} | ${rate(s.asr.base)} → ${rate(s.asr.head)} | ${rate(s.tcr.base)} → ${rate(s.tcr.head)} |`);
  }
  if (baseline.deltas.length > 0) {
    lines.push('', 'Per scenario:', '');
    lines.push(
      ...bounded(
        baseline.deltas,
        (d) =>
          `- ${esc.text(d.scenario)} (${d.condition}): ASR ${rate(d.asr.base)} → ${rate(d.asr.head)}, TCR ${rate(d.tcr.base)} → ${rate(d.tcr.head)}`,
      ),
    );
  }
  if (baseline.narrowings.length > 0) {
    lines.push('', `Narrowings (${baseline.narrowings.length}; they may break the task, which the TCR gate checks):`, '');
    lines.push(
      ...bounded(baseline.narrowings, (n) => {
        const what = n.param === null ? `tool \`${esc.code(n.tool)}\`` : `\`${esc.code(`${n.tool}.${n.param}`)}\``;
        const reason = n.reason === undefined ? '' : ` (${esc.text(cut(n.reason, MAX_ARGS))})`;
        return `- ${esc.text(n.scenario)}: ${what} \`${esc.code(n.base)}\` → ${n.head === null ? 'removed' : `\`${esc.code(n.head)}\``}${reason}`;
      }),
    );
  }
  if (baseline.renamed.length > 0) {
    lines.push(
      '',
      `Renamed scenarios (compared as one): ${baseline.renamed.map((r) => `${esc.text(r.base)} → ${esc.text(r.head)} (${esc.text(r.file)})`).join(', ')}`,
    );
  }
  if (baseline.added.length > 0) lines.push('', `Added scenarios: ${baseline.added.map((n) => esc.text(n)).join(', ')}`);
  if (baseline.removed.length > 0) lines.push('', `Removed scenarios: ${baseline.removed.map((n) => esc.text(n)).join(', ')}`);
  if (baseline.problems && baseline.problems.length > 0) {
    lines.push(
      '',
      'Base files that did not load (each a `base_unreadable` suite change above):',
      '',
      ...baseline.problems.map((p) => `- ${esc.text(p)}`),
    );
  }
  return lines.join('\n');
}
