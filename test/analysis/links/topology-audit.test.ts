/**
 * The monotonicity audit over an `agents:` topology (src/analysis/links/audit.ts): every link of
 * the topology is audited, not only the implicit planner → worker. A three-level chain where the
 * planner holds exactly `https://a.com/v1` and grants its worker `https://a.com/v1/*` (Tenuo's rule
 * accepts it, the chain builds and verifies) is a `monotonicity_escape` at the worker's grant, and
 * the worker's call to /v1/admin/reset really runs while the planner's own is denied.
 */
import { describe, expect, test } from 'vitest';
import { auditLinks } from '../../../src/analysis/links/audit.js';
import { parseScenarioText } from '../../../src/scenario/parse/index.js';
import { RunContext } from '../../../src/chains/run-context.js';
import { replayTrial } from '../../../src/trial/harness.js';
import { ScenarioJudge } from '../../../src/trial/judge.js';
import { blastRadius } from '../../../src/analysis/blast/agent-reach.js';

const TEXT = `name: url_escape
description: a three-level chain with a url_pattern escape
request: call the v1 API
agents:
  orchestrator:
    grant:
      http_request: {url: {url_pattern: "https://a.com/*"}, method: wildcard, body: wildcard}
  planner:
    from: orchestrator
    grant:
      http_request: {url: {url_pattern: "https://a.com/v1"}, method: wildcard, body: wildcard}
  worker:
    from: planner
    grant:
      http_request: {url: {url_pattern: "https://a.com/v1/*"}, method: wildcard, body: wildcard}
calls:
  - tool: http_request
    args: {url: "https://a.com/v1/admin/reset", method: POST}
    expect: deny
  - tool: http_request
    agent: planner
    args: {url: "https://a.com/v1/admin/reset", method: POST}
    expect: deny
judge:
  task: "true"
  attack: effects.exists(e, e.type == "http_request" && e.url.contains("/admin/"))
`;

describe('the monotonicity audit of a topology', () => {
  const r = parseScenarioText(TEXT, 'esc.yaml');

  test('every link is audited and the escape is found at the worker’s grant', () => {
    expect(r.problems).toEqual([]);
    const section = auditLinks([r.scenario!], false);
    expect(section.links.map((l) => [l.link, l.verdict, l.tenuo_accepted])).toEqual([
      ['orchestrator → planner (broad)', 'unchanged', true],
      ['orchestrator → planner (task_scoped)', 'narrower', true],
      ['planner → worker (broad)', 'unchanged', true],
      ['planner → worker (task_scoped)', 'wider', true],
    ]);
    expect(section.findings).toHaveLength(1);
    const [f] = section.findings;
    expect(f!.link).toBe('planner → worker (task_scoped)');
    expect(f!.param).toBe('url');
    expect(f!.source).toBe('esc.yaml:15:7'); // the worker's http_request grant
  });

  test('the real chain agrees: the worker’s call runs, the planner’s own is denied; the planner reaches it by delegating', () => {
    const context = new RunContext('escape');
    const trial = replayTrial(r.scenario!, 'task_scoped', new ScenarioJudge(r.scenario!), context);
    expect(trial.calls.map((c) => [c.agent, c.authorized])).toEqual([
      ['worker', true],
      ['planner', false],
    ]);
    const blast = blastRadius(r.scenario!, context)!;
    const planner = blast.agents.find((a) => a.agent === 'planner')!;
    expect(planner.attacks).toEqual([]);
    expect(planner.attacks_by_delegation).toEqual([1, 2]);
  });
});
