import { describe, expect, it } from 'vitest';
import { AgentDojoExportError, readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

/** The mini export's text with the first `amount` of an injection call written as `literal`. */
function withAmount(literal: string): string {
  const raw = miniExport() as { injection_tasks: { ground_truth: { args: Record<string, unknown> }[] }[] };
  const call = raw.injection_tasks.flatMap((t) => t.ground_truth).find((c) => 'amount' in c.args)!;
  call.args['amount'] = 424242.4242;
  return exportText(raw).replace('424242.4242', literal);
}

function problems(text: string): string[] {
  try {
    readAgentDojoExport(text, 'x.json');
  } catch (e) {
    if (e instanceof AgentDojoExportError) return [...e.problems];
    throw e;
  }
  return [];
}

describe('import agentdojo: numbers an export cannot carry exactly', () => {
  it('refuses a number beyond a double (1e400, read as Infinity) at its JSON path', () => {
    const found = problems(withAmount('1e400'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^x\.json: \$\.injection_tasks\[\d+\]\.ground_truth\[\d+\]\.args\.amount: 1e400 is not a finite number/);
  });

  it('refuses an integer beyond 2^53 (read as a neighbour) at its JSON path', () => {
    const found = problems(withAmount('-12345678901234567890'));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/args\.amount: -12345678901234567890 is an integer beyond ±2\^53/);
  });

  it('reads large but exact numbers as before', () => {
    expect(problems(withAmount('9007199254740991'))).toEqual([]);
    expect(problems(withAmount('1.5e300'))).toEqual([]);
  });
});

describe('import agentdojo: cross-references of the attack text', () => {
  it('refuses a per-vector attack text for a vector the export does not declare, at its JSON path', () => {
    const raw = miniExport() as { injection_tasks: { injection_text_in_environment_at?: Record<string, string> }[] };
    raw.injection_tasks[0]!.injection_text_in_environment_at = { no_such_vector: 'x' };
    expect(problems(exportText(raw))).toEqual([
      "x.json: $.injection_tasks[0].injection_text_in_environment_at.no_such_vector: 'no_such_vector' is not an injection vector of the export",
    ]);
  });
});

describe('import agentdojo: nesting', () => {
  it('refuses a value nested deeper than an export needs at its JSON path, instead of overflowing the stack', () => {
    const depth = 100_000;
    const text = exportText(miniExport()).replace(/}\n$/, `, "extra": ${'['.repeat(depth)}${']'.repeat(depth)}}\n`);
    const found = problems(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^x\.json: \$\.extra(\[0\]){64}: nested more than 64 arrays or objects deep/);
  });

  it('reads an argument nested a few levels deep as before', () => {
    const raw = miniExport() as { injection_tasks: { ground_truth: { args: Record<string, unknown> }[] }[] };
    raw.injection_tasks[0]!.ground_truth[0]!.args['memo'] = [[[{ a: [1] }]]];
    expect(problems(exportText(raw)).filter((p) => p.includes('nested'))).toEqual([]);
  });
});
