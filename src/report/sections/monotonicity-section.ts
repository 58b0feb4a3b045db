/**
 * The monotonicity audit of the delegation links (docs/analyses.md): one line for the text table,
 * and a markdown section listing every escape (a link Tenuo accepts that is wider than its parent
 * by meaning) with its witness call and place, and the unproven links with their reason.
 *
 * Everything here comes from scenario files or a results file: prose is escaped, values are shown
 * in code spans that copy exactly (escape.ts), and every list is bounded.
 */
import { plural } from '../../lib/plural.js';
import type { MonotonicitySection } from '../../results/monotonicity.js';
import type { Results } from '../../results/results.js';
import { codeSpan } from '../escape.js';
import type { Escapers } from '../escape.js';

const MAX_LISTED = 50; // findings or unproven links listed; the rest are counted
const MAX_VALUE = 200; // characters of a witness or a proof

function exact(s: string): string {
  return s.length <= MAX_VALUE ? codeSpan(s) : `${codeSpan(s.slice(0, MAX_VALUE))}…`;
}

export function monotonicityOf(results: Results): MonotonicitySection | undefined {
  return results.monotonicity;
}

/** `Links: 16 audited, 16 proven inside their parent, 0 escapes, 0 unproven` */
export function monotonicityLine(section: MonotonicitySection): string {
  const approved = section.findings.filter((f) => f.approved && f.approved_by === undefined).length;
  const labelled = section.findings.filter((f) => f.approved_by !== undefined);
  const byLabel = labelled.length > 0 ? ` (${labelled.length} approved by the label ${labelled[0]!.approved_by})` : '';
  return (
    `Links: ${section.links_total} audited, ${section.proven} proven inside their parent, ${plural(section.escapes, 'monotonicity escape')}` +
    `${approved > 0 ? ` (${approved} approved by allow-widening)` : ''}${byLabel}, ${section.unproven} unproven`
  );
}

export function renderMonotonicitySection(section: MonotonicitySection, escapers: Escapers): string {
  const lines = ['### Delegation links (monotonicity audit)', '', escapers.text(monotonicityLine(section)) + '.'];
  if (section.findings.length > 0) {
    lines.push('', 'Each link below verifies under Tenuo’s chain rules, yet the child may make a call its parent may not:', '');
    for (const f of section.findings.slice(0, MAX_LISTED)) {
      const where = f.source !== undefined ? ` at ${codeSpan(f.source)}` : '';
      const status =
        f.approved_by !== undefined
          ? ` (approved by the label ${codeSpan(f.approved_by)})`
          : f.approved
            ? ' (approved: allow-widening)'
            : '';
      lines.push(
        `- **${escapers.text(f.scenario)}**, ${escapers.text(f.link)}${where}${status}: ${codeSpan(f.tool)} with ${exact(JSON.stringify(f.witness.args))}; ` +
          `Tenuo’s attenuation rule ${f.tenuo_accepted ? 'accepts' : 'refuses'} it. ${escapers.text(f.proof.length <= MAX_VALUE ? f.proof : `${f.proof.slice(0, MAX_VALUE)}…`)}`,
      );
    }
    if (section.findings.length > MAX_LISTED)
      lines.push(`- … and ${section.findings.length - MAX_LISTED} more (see the results JSON, \`monotonicity.findings\`)`);
  }
  const unproven = section.links.filter((l) => l.verdict === 'unproven');
  if (unproven.length > 0) {
    lines.push('', 'Unproven (information, not a failure):', '');
    for (const l of unproven.slice(0, MAX_LISTED)) {
      const why = l.tools
        .filter((t) => t.verdict === 'unproven')
        .map((t) => `${t.tool}: ${t.reason ?? ''}`)
        .join('; ');
      lines.push(
        `- **${escapers.text(l.scenario)}**, ${escapers.text(l.link)}: ${escapers.text(why.length <= MAX_VALUE ? why : `${why.slice(0, MAX_VALUE)}…`)}`,
      );
    }
    if (unproven.length > MAX_LISTED) lines.push(`- … and ${unproven.length - MAX_LISTED} more`);
  }
  return lines.join('\n');
}
