/** Shared helpers of the scenario tests: temp folders with generated files, a fake CLI io. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { loadScenarios } from '../../src/scenario/load.js';
import { ScenarioError } from '../../src/scenario/errors.js';
import type { CliIO } from '../../src/cli/io.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A fresh temp folder holding `files` (name → content); removed after the test. */
export function tempDir(files: Record<string, string> = {}): string {
  const d = mkdtempSync(join(tmpdir(), 'db-scenario-'));
  dirs.push(d);
  for (const [name, content] of Object.entries(files)) writeFileSync(join(d, name), content);
  return d;
}

/** The formatted problems of loading `inputs` from `cwd` (fails the test if loading succeeds). */
export async function problemsOf(inputs: string[], cwd: string): Promise<string[]> {
  try {
    await loadScenarios(inputs, cwd);
  } catch (e) {
    if (e instanceof ScenarioError) return e.format().split('\n');
    throw e;
  }
  throw new Error('expected a ScenarioError, but the scenarios loaded');
}

/** Loads one scenario text written to a temp folder as `s.yaml`; returns its problem lines. */
export async function problemsOfText(text: string, name = 's.yaml'): Promise<string[]> {
  const d = tempDir({ [name]: text });
  return problemsOf([name], d);
}

export function fakeIo(cwd: string): CliIO & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    cwd,
    stdout: (t: string) => void (io.out += t),
    stderr: (t: string) => void (io.err += t),
    readStdin: async () => '',
  };
  return io;
}

/** A minimal valid scenario; `patch` replaces whole top-level sections by text. */
export function scenarioText(
  patch: Partial<Record<'name' | 'calls' | 'judge' | 'warrant' | 'environment' | 'tools', string>> = {},
): string {
  const parts = {
    name: 'name: demo',
    head: 'description: a demo\nrequest: do the demo task',
    environment: 'environment:\n  files:\n    /data/a.txt: hello',
    tools: '',
    calls:
      'calls:\n  - tool: read_file\n    args: {path: /data/a.txt}\n  - tool: read_file\n    args: {path: /etc/passwd}\n    expect: deny',
    judge: 'judge:\n  task: effects.exists(e, e.type == "file_read")\n  attack: "false"',
    warrant: 'warrant:\n  read_file: {path: {subpath: /data}}',
    ...patch,
  };
  return (
    [parts.name, parts.head, parts.environment, parts.tools, parts.calls, parts.judge, parts.warrant].filter((p) => p !== '').join('\n') +
    '\n'
  );
}
