/**
 * Where the change is (docs/guard.md#where-the-change-is): a widening of a grant read from a file
 * is at that file's changed line, not at the scenario that reads it; one change is one finding
 * (the base's attack the head now allows joins the widening it proves); the fix is written in the
 * syntax of the file the grant lives in, or says that file cannot express one and what can.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RunContext } from '../../src/chains/run-context.js';
import { ESCAPERS } from '../../src/report/escape.js';
import { renderBaselineSection } from '../../src/report/sections/baseline-section.js';
import { loadScenarios } from '../../src/scenario/load.js';
import { toPem } from '../../src/warrant/text.js';
import { POLICY_SESSION, compareAtRef, repoWith, scenario, sessionPolicy, tempDir } from '../helpers/baseline-repo.js';

const SEED = 'where-the-change-is';

const BASE_POLICY = sessionPolicy('subpath:{sandbox}/config', ['docs.example.com']);
/** The pull request: two changed lines of the policy (3: Read's root, 8: a new domain); the scenario is untouched. */
const HEAD_POLICY = sessionPolicy('subpath:{sandbox}', ['docs.example.com', '*.example']);

async function policyOnlyPullRequest() {
  const { dir, baseSha } = repoWith(
    { 'scenarios/session.yaml': POLICY_SESSION, 'policies/tenuo.yaml': BASE_POLICY },
    { 'policies/tenuo.yaml': HEAD_POLICY },
  );
  return compareAtRef(dir, baseSha, SEED);
}

describe('a pull request that changes only policies/tenuo.yaml', () => {
  it('is annotated at the policy’s two changed lines and nowhere in the untouched scenario', async () => {
    const out = await policyOnlyPullRequest();
    expect(out.problems).toEqual([]);
    const widened = out.violations.filter((v) => v.kind === 'authority_widened');
    expect(widened.map((v) => v.source)).toEqual(['policies/tenuo.yaml:3:3', 'policies/tenuo.yaml:8:7']);
    expect(out.violations.some((v) => v.source?.startsWith('scenarios/'))).toBe(false);
    expect(out.baseline.widenings.map((w) => w.source)).toEqual(['policies/tenuo.yaml:3:3', 'policies/tenuo.yaml:8:7']);
  });

  it('reports each change once: the base attack the head now allows is the counterexample under its widening', async () => {
    const out = await policyOnlyPullRequest();
    expect(out.baseline.widenings.map((w) => [w.change, w.tool, w.param])).toEqual([
      ['constraint_widened', 'Read', 'file_path'],
      ['constraint_widened', 'WebFetch', 'host'],
    ]);
    const web = out.baseline.widenings[1]!;
    expect(web).toMatchObject({
      proof: 'proven',
      counterexample: { tool: 'WebFetch', args: { url: 'https://evil.example/x', prompt: 'p' } },
      base_scenario: 'session',
      base_source: 'scenarios/session.yaml:10:5',
      base_attack: "base scenario session: call #2, marked expect: deny, is allowed under the head's grant",
    });
    const message = out.violations.find((v) => v.message.includes('WebFetch.host'))!.message;
    expect(message).toContain("the base's own attack: base scenario session: call #2");
  });

  it('gives the fix in tenuo.yaml’s syntax: the base’s rule as written, and for domains: the urlpattern: rule', async () => {
    const out = await policyOnlyPullRequest();
    const [read, web] = out.baseline.widenings;
    expect(read!.fix).toBe(
      'in policies/tenuo.yaml, write the rule as the base has it (policies/tenuo.yaml:3):\n    Read: "subpath:{sandbox}/config"',
    );
    expect(web!.fix).toContain(
      'in policies/tenuo.yaml, write the rule as the base has it (policies/tenuo.yaml:5):\n    WebFetch:\n      domains:\n        - "docs.example.com"',
    );
    expect(web!.fix).toContain('\n  WebFetch: "urlpattern:https://docs.example.com/*"');
    // No scenario-syntax advice for a grant that lives in tenuo.yaml.
    expect(web!.fix).not.toMatch(/url_pattern|\{all:/);
    expect(out.violations.find((v) => v.message.includes('WebFetch.host'))!.message).toContain('fix: in policies/tenuo.yaml');
  });

  it('the report shows one item per change: the place in the policy, the base’s attack under it, the fix’s rules as code', async () => {
    const out = await policyOnlyPullRequest();
    const md = renderBaselineSection(out.baseline, ESCAPERS);
    expect(md).toContain('**⚠️ 2 widenings**');
    const web = md.slice(md.indexOf('`WebFetch.host`'));
    expect(web).toMatch(/^`WebFetch\.host` .* \(policies\/tenuo\.yaml:8:7\)\n/);
    expect(web).toContain(
      "is allowed now; the base denied it (constraint_not_satisfied) — the base's own attack (base scenario session: call #",
    );
    expect(web).toContain(
      '  - fix: in policies/tenuo.yaml, write the rule as the base has it (policies/tenuo.yaml:5):\n    - `  WebFetch:`',
    );
    expect(web).toContain('    - `WebFetch: "urlpattern:https://docs.example.com/*"`');
  });

  it('a rule the base did not have is to be removed, at its line', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/session.yaml': POLICY_SESSION, 'policies/tenuo.yaml': BASE_POLICY },
      { 'policies/tenuo.yaml': BASE_POLICY.replace('default: deny', 'allow: [Bash]\ndefault: deny') },
    );
    const out = await compareAtRef(dir, baseSha, SEED);
    expect(out.baseline.widenings).toEqual([
      expect.objectContaining({
        change: 'tool_added',
        tool: 'Bash',
        source: 'policies/tenuo.yaml:8:9',
        fix: "in policies/tenuo.yaml, remove Bash's rule at line 8 (allow: [Bash]): the base did not grant it",
      }),
    ]);
  });
});

describe('a grant read from a token', () => {
  /** The task_scoped chain a run grants for `text`'s scenario, as PEM. */
  async function tokenOf(text: string): Promise<string> {
    const d = tempDir();
    writeFileSync(join(d, 's.yaml'), text);
    const [s] = await loadScenarios(['s.yaml'], d);
    return toPem(new RunContext(SEED).delegation(s!, 'task_scoped')!.chain);
  }
  const fromToken = (text: string): string => text.replace(/^warrant:[\s\S]*$/m, 'warrant:\n  from: ../tokens/w.pem\n');

  it('is at the token file (line 1, and says no line holds it); the fix says a token cannot be edited and what can narrow it', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/docs.yaml': fromToken(scenario()), 'tokens/w.pem': await tokenOf(scenario()) },
      { 'tokens/w.pem': await tokenOf(scenario({ readFile: '{subpath: /app}' })) },
    );
    const out = await compareAtRef(dir, baseSha, SEED);
    expect(out.baseline.widenings).toHaveLength(1);
    const [w] = out.baseline.widenings;
    expect(w).toMatchObject({ tool: 'read_file', param: 'path', source: 'tokens/w.pem:1:1' });
    expect(w!.place).toBe(
      'tokens/w.pem is a Tenuo token, one signed encoding: no line of it holds this grant, so the finding is on the file (line 1)',
    );
    expect(w!.fix).toBe(
      "tokens/w.pem is a signed Tenuo token: it cannot be edited. What can narrow it: a token re-minted with read_file as the base's grant has it ({path: Subpath('/app/config')}), " +
        'or the grant written in the scenario in place of warrant: {from: …}, as warrant: {read_file: {path: {subpath: /app/config}}}',
    );
    const v = out.violations.find((x) => x.kind === 'authority_widened')!;
    expect(v.source).toBe('tokens/w.pem:1:1');
    expect(v.message).toContain('no line of it holds this grant');
    expect(v.message).toContain('fix: tokens/w.pem is a signed Tenuo token: it cannot be edited');
  });
});

describe('a tool list that changed under an unchanged rule', () => {
  const list = (extra: boolean): string =>
    JSON.stringify(
      {
        tools: [
          {
            name: 'deploy',
            inputSchema: {
              type: 'object',
              properties: { target: { type: 'string', format: 'uri' }, ...(extra ? { force: { type: 'boolean' } } : {}) },
              required: ['target'],
            },
          },
        ],
      },
      null,
      2,
    ) + '\n';
  const text = `name: mcp
description: d
request: r
tools:
  from: ../tools/t.json
calls:
  - tool: deploy
    args: {target: "https://deploy.example.com/"}
judge:
  task: effects.exists(e, e.type == "tool_called")
  attack: "false"
warrant:
  from: ../policies/tenuo.yaml
`;
  const POLICY = 'mcp:\n  enforce:\n    deploy: {arg: target, constraint: "urlpattern:https://deploy.example.com/*"}\ndefault: deny\n';

  it('is at the tool list’s new line, and says the list cannot constrain and where the parameter can be', async () => {
    const { dir, baseSha } = repoWith(
      { 'scenarios/mcp.yaml': text, 'tools/t.json': list(false), 'policies/tenuo.yaml': POLICY },
      { 'tools/t.json': list(true) },
    );
    const out = await compareAtRef(dir, baseSha, SEED);
    const w = out.baseline.widenings.find((x) => x.change === 'param_added');
    expect(w).toMatchObject({ tool: 'deploy', param: 'force', proof: 'proven', source: 'tools/t.json:12:11' });
    expect(w!.fix).toBe(
      "tools/t.json is a tool list: it declares deploy's parameters, not what they may be, and the rule that grants deploy (policies/tenuo.yaml:3) is unchanged. " +
        "Constrain deploy.force in that rule (tenuo.yaml's mcp.enforce: {deploy: {args: {…}}}), or leave the parameter out of the list",
    );
  });
});
