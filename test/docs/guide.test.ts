/**
 * docs/guide.md is true: each `$ command` of its console blocks runs against the built dist/ (in a
 * fresh folder holding the repository's dist/ and examples/, as a clone would) and prints exactly
 * the output the guide shows (stdout and stderr as a terminal interleaves them); the grant and the
 * tools: section it quotes are the ones the written scenarios hold; the grant it suggests loosening
 * fails the gate; its pull-request workflow passes only inputs action.yml declares. The workflow
 * itself runs on GitHub, not here (test/action runs the action end to end).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadScenarios } from '../../src/scenario/load.js';
import { runCli } from '../helpers/cli.js';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const GUIDE = readFileSync(join(ROOT, 'docs/guide.md'), 'utf8');

interface Step {
  readonly command: string;
  readonly output: string;
}

function steps(markdown: string): Step[] {
  const out: Step[] = [];
  for (const block of markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
    let current: { command: string; lines: string[] } | undefined;
    for (const line of block[1]!.split('\n')) {
      if (line.startsWith('$ ')) {
        if (current) out.push({ command: current.command, output: current.lines.join('\n').trimEnd() });
        current = { command: line.slice(2), lines: [] };
      } else current?.lines.push(line);
    }
    if (current) out.push({ command: current.command, output: current.lines.join('\n').trimEnd() });
  }
  return out;
}

describe('docs/guide.md', () => {
  const all = steps(GUIDE);

  it('walks from a trace, a tool list and a policy to a run', () => {
    expect(all.map((s) => s.command.split(' ').slice(2, 4).join(' '))).toEqual([
      'init --from-trace',
      'validate --scenarios',
      'run --scenarios',
      'init --from-trace',
      'init --from-trace',
      'run --scenarios',
      'init --from-trace',
      'run --scenarios',
    ]);
    expect(all.some((s) => s.command.includes(' --tools '))).toBe(true);
    expect(all.some((s) => s.command.includes(' --policy examples/guard/tenuo.yaml '))).toBe(true);
  });

  it('prints what the guide says, command after command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-'));
    symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    for (const step of all) {
      expect(step.command).toMatch(/^node dist\/cli\.js [a-z]+( [A-Za-z0-9_./=-]+)*$/); // nothing a shell would expand
      const r = spawnSync('sh', ['-c', `${step.command} 2>&1`], { cwd: dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' } });
      // A run whose gate the guide shows FAILED exits 1 (the guide says so); every other command exits 0.
      const status = /^Gate .*: FAILED$/m.test(step.output) ? 1 : 0;
      expect({ command: step.command, status: r.status, output: r.stdout.trimEnd() }).toEqual({
        command: step.command,
        status,
        output: step.output,
      });
    }
    const written = readFileSync(join(dir, 'guard/ticket_triage.yaml'), 'utf8');
    const quoted = /^```yaml\n(warrant:\n[\s\S]*?)^```$/m.exec(GUIDE)?.[1];
    expect(quoted).toBeDefined();
    expect(written.endsWith(quoted!)).toBe(true);
    // The tool list is referenced, not copied, with each tool's recorded result.
    const tools = /^```yaml\n(tools:\n[\s\S]*?)^```$/m.exec(GUIDE)?.[1];
    expect(tools).toBeDefined();
    expect(readFileSync(join(dir, 'guard/research.yaml'), 'utf8')).toContain(`\n${tools!}`);

    // Step 3's advice: loosen the grant as it says, and run exits 1 naming the attacks that got through.
    const loosen = /Loosen the grant \(say `(read_file: [^`]+)`\) and\s+`run` exits 1 naming the attacks that got through/.exec(GUIDE)?.[1];
    expect(loosen).toBeDefined();
    const loose = written.replace(/^ {2}read_file: .*$/m, `  ${loosen!}`);
    expect(loose).not.toBe(written);
    mkdirSync(join(dir, 'loose'));
    writeFileSync(join(dir, 'loose/ticket_triage.yaml'), loose);
    const r = spawnSync('node', ['dist/cli.js', 'run', '--scenarios', 'loose/'], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env['PATH'] ?? '' },
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /^ {2}\[asr\] ticket_triage: attack succeeded under task_scoped: call #\d+ read_file\(path='\/root\/\.aws\/credentials'\)/m,
    );
  });

  it("the README's Guard your agent commands are the guide's first steps, which the test runs", () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Guard your agent'));
    const block = /^```sh\n([\s\S]*?)^```$/m.exec(section)?.[1];
    expect(block).toBeDefined();
    const commands = block!.trim().split('\n');
    expect(commands.length).toBeGreaterThan(0);
    // Each is a command of steps 2 and 3 (init, validate, run), in the same order.
    const at = commands.map((c) => all.findIndex((s) => s.command === c));
    expect(at.every((i) => i >= 0 && i < 3)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('checks pull requests with inputs the action has, on the folder the guide writes', () => {
    const workflow = /^```yaml\n(# \.github\/workflows\/guard\.yml\n[\s\S]*?)^```$/m.exec(GUIDE)?.[1];
    expect(workflow).toBeDefined();
    const parsed = parse(workflow!) as {
      on: Record<string, unknown>;
      jobs: Record<string, { steps: { uses?: string; with?: Record<string, string> }[] }>;
    };
    expect(Object.keys(parsed.on)).toContain('pull_request');
    const step = Object.values(parsed.jobs)
      .flatMap((j) => j.steps)
      .find((s) => s.uses?.startsWith('OWNER/delegation-bench@'));
    expect(step?.with).toBeDefined();
    const inputs = Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown> }).inputs);
    for (const key of Object.keys(step!.with!)) expect(inputs, key).toContain(key);
    expect(step!.with!['scenarios']).toBe('guard/');
    expect(all.some((s) => s.command.includes(' --out guard/'))).toBe(true);
  });

  it("the MCP step's tools are bound as MCPVerifier binds them, as the guide and scenarios.md's bindings table say", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'guide-mcp-'));
    mkdirSync(join(dir, 'guard'));
    symlinkSync(join(ROOT, 'examples'), join(dir, 'examples'));
    const init = all
      .find((s) => s.command.includes(' --tools '))!
      .command.replace(/^node dist\/cli\.js /, '')
      .split(' ');
    expect((await runCli(init, dir)).code).toBe(0);
    const [research] = await loadScenarios(['guard/research.yaml'], dir);
    expect(Object.values(research!.tools).map((t) => t.binding)).toEqual(['mcp', 'mcp']);
    expect(GUIDE).toMatch(/bound as Tenuo's `MCPVerifier` binds them, the `mcp` binding/);
    const scenarios = readFileSync(join(ROOT, 'docs/scenarios.md'), 'utf8');
    const table = /^## Bindings\n[\s\S]*?^\| binding \| integration.*\n\| ---.*\n((?:\|.*\n)+)/m.exec(scenarios)?.[1];
    expect(
      table
        ?.split('\n')
        .filter(Boolean)
        .map((row) => /^\| `([a-z-]+)` \|/.exec(row)?.[1]),
    ).toEqual(['guard', 'mcp', 'mcp-config', 'claude-hook']);
  });
});
