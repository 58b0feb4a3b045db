/**
 * The guard over a topology (src/guard/agent-pairs.ts): each agent's grant is compared with its
 * namesake's at the base, so widening a worker deep in the chain is an `authority_widened` finding
 * at that agent's grant, with a counterexample the base denied; the base's attacks are replayed
 * each under its agent in the head's topology. Before, both sides' `warrant` were empty and the
 * guard saw nothing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { compareAtRef, repoWith } from '../helpers/baseline-repo.js';

const BASE = readFileSync('test/fixtures/topologies/three-levels.yaml', 'utf8');
// The head lets the worker read all of /app; its planner's /app/config could not give it that, so
// the head widens the planner too: two agents widened, each at its own grant.
const HEAD = BASE.replace(
  /planner:\n {4}from: orchestrator\n {4}grant:\n {6}read_file: \{path: \{subpath: \/app\/config\}\}/,
  'planner:\n    from: orchestrator\n    grant:\n      read_file: {path: {subpath: /app}}',
).replace(
  /worker:\n {4}from: planner\n {4}grant:\n {6}read_file: \{path: \{subpath: \/app\/config\}\}/,
  'worker:\n    from: planner\n    grant:\n      read_file: {path: {subpath: /app}}',
);

describe('the guard over agents:', () => {
  test('a widened agent deep in the chain is a widening at its grant, with a counterexample', async () => {
    expect(HEAD).not.toBe(BASE);
    const { dir, baseSha } = repoWith({ 'scenarios/t.yaml': BASE }, { 'scenarios/t.yaml': HEAD });
    const outcome = await compareAtRef(dir, baseSha, 'guard-topology');
    const widened = outcome.baseline.widenings.map((w) => [w.change, w.tool, w.param, w.proof, w.source]);
    expect(widened).toContainEqual(['constraint_widened', 'read_file', 'path', 'proven', 'scenarios/t.yaml:21:7']); // the worker's grant
    expect(widened).toContainEqual(['constraint_widened', 'read_file', 'path', 'proven', 'scenarios/t.yaml:16:7']); // the planner's
    // the base's attack #2 (the worker reading /app/secret.txt), allowed under the head's topology,
    // joins a widening it proves as that widening's counterexample: one change, one finding (docs/guard.md)
    expect(outcome.baseline.widenings.some((w) => w.change === 'base_attack_allowed')).toBe(false);
    expect(
      outcome.baseline.widenings.some(
        (w) => w.base_attack?.includes('call #2') === true && w.counterexample?.args.path === '/app/secret.txt',
      ),
    ).toBe(true);
  });

  test('an agent the base did not have compares against no grant, not the broad root of the base', async () => {
    const base = [
      'name: flat',
      'description: one worker reads the config',
      'request: read the config',
      'environment:',
      '  files:',
      '    /app/config/a.yml: "a: 1"',
      'warrant:',
      '  read_file: {path: {subpath: /app/config}}',
      'calls:',
      '  - tool: read_file',
      '    args: {path: /app/config/a.yml}',
      'judge:',
      '  task: effects.exists(e, e.type == "file_read")',
      '  attack: effects.exists(e, e.type == "file_read" && e.path == "/etc/passwd")',
      '',
    ].join('\n');
    // The head moves the work to a new agent, `helper`, holding all of read_file.
    const head = base.replace(
      'warrant:\n  read_file: {path: {subpath: /app/config}}',
      'agents:\n  orchestrator:\n    grant:\n      read_file: {path: {subpath: /}}\n  helper:\n    from: orchestrator\n    grant:\n      read_file: {path: {subpath: /}}',
    );
    expect(head).not.toBe(base);
    const { dir, baseSha } = repoWith({ 'scenarios/t.yaml': base }, { 'scenarios/t.yaml': head });
    const outcome = await compareAtRef(dir, baseSha, 'guard-topology-new-agent');
    expect(outcome.baseline.widenings.map((w) => w.tool)).toContain('read_file');
  });
});
