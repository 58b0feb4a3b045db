import { describe, expect, it } from 'vitest';
import { readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { importSuite } from '../../src/init/agentdojo/import-suite.js';
import type { PolicyName } from '../../src/init/agentdojo/pair-grants.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

/** The README an import writes for an export whose provenance strings carry markdown and HTML. */
function readme(policy: PolicyName): string {
  const raw = miniExport() as {
    benchmark_version: string;
    suite_task_version: string;
    source: Record<string, string>;
    tenuo_reference_policy: { source: { repository: string; commit: string } };
  };
  raw.benchmark_version = 'v1\n\n<img src=x onerror=alert(1)>';
  raw.suite_task_version = 'v1\n# Fake heading';
  raw.source['project'] = '[click](https://evil.example) \u202esgnirts\u200b\u0085';
  raw.source['repository'] = '<script>alert(1)</script>';
  raw.source['commit'] = 'ab` <b>x</b> `cd';
  raw.tenuo_reference_policy.source = { repository: '![i](https://evil.example/i.png)', commit: '`<i>`' };
  const exp = readAgentDojoExport(exportText(raw), 'x.json');
  return importSuite(exp, policy, '/tmp/out').files.find((f) => f.path.endsWith('/README.md'))!.content;
}

describe('import agentdojo: the suite README shows the export text, never renders it', () => {
  for (const policy of ['task-scoped', 'tenuo-templates'] as const)
    it(`under ${policy}: no HTML, link, image, heading or code span comes from the export`, () => {
      const text = readme(policy);
      expect(text).not.toMatch(/<img|<script|<b>|<i>/);
      expect(text).not.toMatch(/(?<!\\)\]\(https:\/\/evil/); // a `](` markdown reads as a link
      expect(text).not.toMatch(/^# Fake/m);
      expect(text).not.toContain('` <b>');
      // Shown, escaped, on the provenance lines.
      expect(text).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(text).toContain('\\[click\\](https://evil.example)');
      expect(text).toContain('v1 \\# Fake heading');
      // A bidirectional control, a zero-width or a C1 character is named, never rendered (it would reorder or hide text).
      expect(text).not.toMatch(/[\u0080-\u009f\u200b\u202e]/);
      expect(text).toContain('\\\\u202E');
    });
});
