import { describe, expect, it } from 'vitest';
import { readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { importSuite } from '../../src/init/agentdojo/import-suite.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

describe("import agentdojo: the export's strings stay inside the scenario's comments", () => {
  it("a line break in Tenuo's source (repository, commit) cannot add YAML to a tenuo-templates scenario", () => {
    const raw = miniExport() as { tenuo_reference_policy: { source: { repository: string; commit: string } } };
    raw.tenuo_reference_policy.source = { repository: 'x)\ndescription: forged\n#', commit: '\nfoo: 1' };
    const exp = readAgentDojoExport(exportText(raw), 'x.json');
    const suite = importSuite(exp, 'tenuo-templates', '/tmp/out');
    const scenarios = suite.files.filter((f) => f.path.endsWith('.yaml'));
    expect(scenarios.length).toBeGreaterThan(0);
    for (const f of scenarios) {
      expect(f.content).not.toMatch(/^description: forged$/m);
      expect(f.content).not.toMatch(/^foo: 1/m);
      expect(f.content).toContain("# Tenuo's AgentDojo template (x) description: forged # at foo: 1)\nwarrant:\n");
    }
  });
});
