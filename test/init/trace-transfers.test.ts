/**
 * `init --from-trace` rebuilds the transaction history from the listings the trace shows. A bank
 * (and the environment, docs/effects.md) lists a transfer once it is made, so a listing after a
 * transfer ends with it: it is the recorded transfer, which the scenario replays, not history to
 * declare (declared as well, the replayed run would list it twice).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { loadScenarios } from '../../src/scenario/load.js';

const io = (cwd: string): CliIO => ({ stdout: () => undefined, stderr: () => undefined, readStdin: async () => '', cwd });

async function historyOf(lines: readonly object[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'init-transfers-'));
  writeFileSync(path.join(dir, 't.jsonl'), lines.map((l) => JSON.stringify(l)).join('\n'));
  expect(await main(['init', '--from-trace', 't.jsonl', '--out', 't.yaml'], io(dir))).toBe(0);
  const [scenario] = await loadScenarios(['t.yaml'], dir);
  return scenario!.environment.transactions.map((t) => `${t.id} ${t.to} ${t.amount}`);
}

const BEFORE = '[7] 2025-12-30 — $10.00 to acme (rent)';
const transfer = (to: string, amount: number, memo: string) => ({
  tool: 'transfer_money',
  args: { to, amount, memo },
  result: 'Transferred',
});
const listing = (...lines: string[]) => ({ tool: 'list_transactions', args: {}, result: lines.join('\n') });

describe('init --from-trace: transfers in a later listing', () => {
  it('leaves out the trailing lines that are the transfers the trace made before the listing', async () => {
    const booked = '[8] 2026-01-01 — $100.00 to payroll (May)';
    expect(await historyOf([listing(BEFORE), transfer('payroll', 100, 'May'), listing(BEFORE, booked)])).toEqual(['7 acme 10']);
    expect(await historyOf([transfer('payroll', 100, 'May'), listing(BEFORE, booked)])).toEqual(['7 acme 10']);
  });

  it('keeps a listed transaction that is not a transfer of the trace, or that is listed before it', async () => {
    const same = '[6] 2025-12-01 — $100.00 to payroll (May)';
    expect(await historyOf([listing(same, BEFORE), transfer('payroll', 100, 'May')])).toEqual(['6 payroll 100', '7 acme 10']);
    expect(await historyOf([transfer('payroll', 100, 'April'), listing(BEFORE, '[8] 2026-01-01 — $100.00 to payroll (May)')])).toEqual([
      '7 acme 10',
      '8 payroll 100',
    ]);
  });
});
