/** `delegation-bench validate`, in-process through main() with a fake io. */
import { describe, expect, test } from 'vitest';
import { main } from '../../src/cli/main.js';
import { fakeIo, scenarioText, tempDir } from './helpers.js';

describe('delegation-bench validate', () => {
  test('the built-in suite: ok, exit 0', async () => {
    const io = fakeIo(process.cwd());
    expect(await main(['validate'], io)).toBe(0);
    expect(io.out).toBe(
      'ok: 8 scenarios (api_monitoring, code_review, config_review, expense_audit, hr_onboarding, invoice_processing, log_analysis, report_writing)\n',
    );
    expect(io.err).toBe('read 8 files, 8 scenarios from scenarios/\n');
  });

  test('files and folders, repeated, with --scenarios=PATH too', async () => {
    const d = tempDir({ 'one.yaml': scenarioText({ name: 'name: one' }) });
    const io = fakeIo(d);
    expect(await main(['validate', '--scenarios', 'one.yaml', '--scenarios=builtin'], io)).toBe(0);
    expect(io.out).toMatch(/^ok: 9 scenarios \(one, api_monitoring, code_review, /);
  });

  test('problems: every line FILE:LINE:COL, a summary, exit 2, no stack trace', async () => {
    const d = tempDir({
      'a.yaml': scenarioText().replace('request:', 'requets:'),
      'b.yaml': scenarioText({ name: 'name: other', calls: 'calls:\n  - tool: wirte_file' }),
    });
    const io = fakeIo(d);
    expect(await main(['validate', '--scenarios', '.'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toBe(
      [
        "./a.yaml:3:1: unknown key 'requets' (did you mean 'request'?)",
        "./b.yaml:8:11: calls[0].tool: unknown tool 'wirte_file' (did you mean 'write_file'?) (built-in tools: read_email, list_emails, send_email, read_file, write_file, list_files, transfer_money, get_balance, list_transactions, run_command, http_request; declare others under tools:)",
        '2 problems in 2 files',
        '',
      ].join('\n'),
    );
    expect(io.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  test('unknown option or stray argument: exit 2 with usage', async () => {
    for (const argv of [
      ['validate', '--scenari', 'x'],
      ['validate', 'x.yaml'],
      ['validate', '--scenarios'],
      ['validate', '--scenario'],
      ['validate', '--scenario='],
    ]) {
      const io = fakeIo(process.cwd());
      expect(await main(argv, io)).toBe(2);
      expect(io.err).toMatch(
        /^delegation-bench validate: .+\nusage: delegation-bench validate \[--scenarios PATH\]\.\.\. \[--scenario NAME\]\.\.\./,
      );
    }
    const io = fakeIo(process.cwd());
    await main(['validate', '--scenari', 'x'], io);
    expect(io.err.split('\n')[0]).toBe("delegation-bench validate: unknown option '--scenari'");
  });

  test('--scenario NAME lists only the named scenarios, as run runs only them', async () => {
    const io = fakeIo(process.cwd());
    expect(await main(['validate', '--scenario', 'config_review', '--scenario=api_monitoring'], io)).toBe(0);
    expect(io.out).toBe('ok: 2 scenarios (api_monitoring, config_review)\n');
    expect(io.err).toBe('read 8 files, 8 scenarios from scenarios/\n');
  });

  test('--scenario with a name no file defines: exit 2, the known names listed', async () => {
    const io = fakeIo(process.cwd());
    expect(await main(['validate', '--scenario', 'config_reveiw'], io)).toBe(2);
    expect(io.out).toBe('');
    expect(io.err).toMatch(/unknown scenario 'config_reveiw'; known: api_monitoring, code_review, config_review, /);
  });

  test('--scenario does not skip checking the other files', async () => {
    const d = tempDir({
      'a.yaml': scenarioText({ name: 'name: good' }),
      'b.yaml': scenarioText({ name: 'name: bad' }).replace('request:', 'requets:'),
    });
    const io = fakeIo(d);
    expect(await main(['validate', '--scenarios', '.', '--scenario', 'good'], io)).toBe(2);
    expect(io.err).toContain("./b.yaml:3:1: unknown key 'requets'");
  });

  test('--help prints usage, exit 0', async () => {
    const io = fakeIo(process.cwd());
    expect(await main(['validate', '--help'], io)).toBe(0);
    expect(io.out).toMatch(/^usage: delegation-bench validate/);
  });
});
