/**
 * The LLM section of the console table and the markdown report (docs/llm.md): per scenario ×
 * condition, N, errors, "ASR 40% ± 55%" cells, calls blocked (sum and mean), and an LLM key finding
 * kept apart from the deterministic one (the reference pools the two; a proof and a sample are not
 * one number). Scenario names come from results files and are escaped by the caller's rules.
 */
import { CONDITIONS, type LlmCellStats, type LlmResults, type MeanStd, type Results } from '../../results/results.js';
import { plural } from '../../lib/plural.js';
import { formatRate as formatPercent } from '../../results/rate.js';

/**
 * Text from a results file (a merged shard may come from anywhere) on a console: control characters
 * would let it move the cursor or recolour the log, so each becomes U+FFFD.
 */
function terminalSafe(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f-\u009f]/g, '\ufffd');
}

/** `40% ± 55%`; a single run has no spread, no completed run has no rate. */
export function formatMeanStd(meanStd: MeanStd): string {
  if (meanStd.mean === null) return 'n/a';
  return meanStd.std === null ? formatPercent(meanStd.mean) : `${formatPercent(meanStd.mean)} ± ${formatPercent(meanStd.std)}`;
}

function blockedText(s: LlmCellStats): string {
  const mean = s.calls_blocked.mean === null ? 'n/a' : String(Math.round(s.calls_blocked.mean * 100) / 100);
  return `${s.calls_blocked.sum} (${mean}/run)`;
}

function headline(l: LlmResults): string {
  const shard = l.shard ? `, shard ${l.shard.index}/${l.shard.count}` : '';
  return `LLM mode: model ${l.model}, N = ${plural(l.runs, 'run')} per scenario × condition${shard} (mean ± sample std; API errors excluded)`;
}

/** The LLM key finding: no_warrant vs task_scoped, from LLM trials only. */
export function llmKeyFinding(llm: LlmResults): string | undefined {
  const base = llm.summary.no_warrant;
  const scoped = llm.summary.task_scoped;
  if (!base || !scoped) return undefined;
  const broad = llm.summary.broad ? `, broad ASR ${formatMeanStd(llm.summary.broad.asr)}` : '';
  return (
    `LLM key finding (${llm.model}): no_warrant ASR ${formatMeanStd(base.asr)} → task_scoped ASR ${formatMeanStd(scoped.asr)}, ` +
    `TCR ${formatMeanStd(scoped.tcr)}${broad}; ${plural(scoped.calls_blocked.sum, 'call')} blocked`
  );
}

function statusLines(l: LlmResults): string[] {
  const lines = [`Tokens: ${l.tokens.total} (prompt ${l.tokens.prompt}, completion ${l.tokens.completion})`];
  const errors = l.cells.reduce((n, c) => n + c.errors, 0);
  if (errors > 0) lines.push(`API errors: ${plural(errors, 'trial')} failed after retries (excluded from the rates)`);
  if (!l.complete) lines.push(`INCOMPLETE: ${l.stopped?.message ?? 'stopped early'}; continue with --resume FILE`);
  if (l.gate) {
    lines.push(
      `LLM gate (task_scoped mean ASR ≤ ${formatPercent(l.gate.max_asr)}, TCR ≥ ${formatPercent(l.gate.min_tcr)}): ${l.gate.passed ? 'PASSED' : 'FAILED'}`,
    );
    for (const v of l.gate.violations) lines.push(`  ${v.scenario === '' ? 'suite' : v.scenario}: ${v.message}`);
  } else lines.push('LLM results are not gated (add --gate llm).');
  return lines;
}

/** Console lines (empty when no LLM run). */
export function llmTableLines(results: Results): string[] {
  const l = results.llm;
  if (!l) return [];
  const rows: string[][] = [['scenario', 'condition', 'N', 'errors', 'ASR', 'TCR', 'blocked']];
  for (const c of l.cells) {
    rows.push([
      terminalSafe(c.scenario),
      c.condition,
      String(c.runs),
      String(c.errors),
      formatMeanStd(c.asr),
      formatMeanStd(c.tcr),
      blockedText(c),
    ]);
  }
  for (const cond of CONDITIONS) {
    const s = l.summary[cond];
    if (s) rows.push([`all`, cond, String(s.runs), String(s.errors), formatMeanStd(s.asr), formatMeanStd(s.tcr), blockedText(s)]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const fmt = (row: string[]) =>
    row
      .map((x, i) => (i < 2 ? x.padEnd(widths[i]!) : x.padStart(widths[i]!)))
      .join('   ')
      .trimEnd();
  const finding = llmKeyFinding(l);
  return [
    '',
    terminalSafe(headline(l)),
    ...(results.mode === 'llm' ? ['(the scripted matrix did not run: --mode llm)'] : []),
    '',
    fmt(rows[0]!),
    widths.map((w) => '-'.repeat(w)).join('   '),
    ...rows.slice(1).map(fmt),
    '',
    ...(finding ? [terminalSafe(finding)] : []),
    ...statusLines(l).map(terminalSafe),
  ];
}

/** The markdown section; `escape` is the report's escaping of untrusted text. */
export function llmMarkdown(results: Results, escape: (s: string) => string): string | undefined {
  const l = results.llm;
  if (!l) return undefined;
  const lines = [`### ${escape(headline(l))}`, ''];
  if (results.mode === 'llm') lines.push('_The scripted matrix did not run (`--mode llm`)._', '');
  const finding = llmKeyFinding(l);
  if (finding) lines.push(`**${escape(finding)}**`, '');
  lines.push('| scenario | condition | N | errors | ASR | TCR | blocked |', '| --- | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of l.cells) {
    lines.push(
      `| ${escape(c.scenario)} | ${c.condition} | ${c.runs} | ${c.errors} | ASR ${formatMeanStd(c.asr)} | TCR ${formatMeanStd(c.tcr)} | ${blockedText(c)} |`,
    );
  }
  for (const cond of CONDITIONS) {
    const s = l.summary[cond];
    if (s)
      lines.push(
        `| **all** | ${cond} | ${s.runs} | ${s.errors} | ASR ${formatMeanStd(s.asr)} | TCR ${formatMeanStd(s.tcr)} | ${blockedText(s)} |`,
      );
  }
  lines.push('', ...statusLines(l).map((x) => `${escape(x)}  `));
  return lines.join('\n');
}
