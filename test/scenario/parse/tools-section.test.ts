/** Custom tools' parameter kinds in scenario YAML: read by the loader, checked by the schema. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScenarioError, loadScenarios } from '../../../src/scenario/load.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'delegation-bench-kinds-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const scenario = (kinds: string) => `name: kinds
description: d
request: r
tools:
  deploy:
    params: [target, script, note]
    returns: ok
    kinds: ${kinds}
calls:
  - tool: deploy
    args: {target: /srv/app, script: make deploy, note: hi}
judge:
  task: effects.exists(e, e.type == "tool_called" && e.canonical.target == "/srv/app")
  attack: "false"
warrant:
  deploy: {target: {subpath: /srv}, script: {shlex: {allow: [make]}}, note: wildcard}
`;

async function load(text: string): Promise<ReturnType<typeof loadScenarios>> {
  const file = join(dir, `s${Math.random().toString(36).slice(2)}.yaml`);
  await writeFile(file, text);
  return loadScenarios([file], dir);
}

async function problems(text: string): Promise<string> {
  try {
    await load(text);
  } catch (e) {
    if (e instanceof ScenarioError) return e.format();
    throw e;
  }
  return '';
}

describe('tools.NAME.kinds', () => {
  it('names a kind per parameter', async () => {
    const [s] = await load(scenario('{target: path, script: shell}'));
    expect(s!.tools.deploy!.kinds).toEqual({ target: 'path', script: 'shell' });
  });
  it('refuses an unknown kind and a kind for a parameter the tool does not have', async () => {
    expect(await problems(scenario('{target: file}'))).toMatch(/kinds\.target/);
    expect(await problems(scenario('{targt: path}'))).toMatch(/'targt' is not a parameter of deploy \(did you mean 'target'\?\)/);
  });
});
