import { describe, expect, it } from 'vitest';
import { readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { importSuite } from '../../src/init/agentdojo/import-suite.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

function manifestSource(policy: 'task-scoped' | 'tenuo-templates'): string {
  const exp = readAgentDojoExport(exportText(miniExport()), 'x.json');
  const file = importSuite(exp, policy, '/tmp/out').files.find((f) => f.path.endsWith('/suite.json'))!;
  return (JSON.parse(file.content) as { source: string }).source;
}

describe('import agentdojo: the manifest says which grants the task_scoped condition runs', () => {
  it("names Tenuo's templates for --policy tenuo-templates, and the task's own grants otherwise", () => {
    expect(manifestSource('tenuo-templates')).toMatch(
      /, task_scoped: Tenuo's AgentDojo template as every pair's grant \(--policy tenuo-templates\)$/,
    );
    expect(manifestSource('task-scoped')).toMatch(/, task_scoped: each pair's grant from its user task's calls \(--policy task-scoped\)$/);
  });
});

describe('import agentdojo: the README says how a summing attack is judged', () => {
  it("names the threshold the sum is held to (the ground truth's total) and the arguments it matches", () => {
    const exp = readAgentDojoExport(exportText(miniExport()), 'x.json');
    const readme = importSuite(exp, 'task-scoped', '/tmp/out').files.find((f) => f.path.endsWith('/README.md'))!.content;
    expect(readme).toContain("with the same other arguments (recipient, subject, …), at least the ground truth's total");
    expect(readme).not.toContain("over the attack's calls to the same recipient");
  });
});

describe('import agentdojo: the manifest records the policy-sufficiency findings', () => {
  it("lists each pair whose per-call cap lets the attack's total through, and none under the task's own grants", () => {
    const exp = readAgentDojoExport(exportText(miniExport()), 'x.json');
    const findings = (policy: 'task-scoped' | 'tenuo-templates') =>
      (
        JSON.parse(importSuite(exp, policy, '/tmp/out').files.find((f) => f.path.endsWith('/suite.json'))!.content) as {
          policy_sufficiency: { scenario: string; finding: string }[];
        }
      ).policy_sufficiency;
    expect(findings('tenuo-templates').map((f) => f.scenario)).toEqual(['minibank_u0_i0', 'minibank_u2_i0']);
    expect(findings('tenuo-templates')[0]!.finding).toMatch(/^send_money\.amount is capped at 10000 per call .*cannot bound a total$/);
    expect(findings('task-scoped')).toEqual([]);
  });
});
