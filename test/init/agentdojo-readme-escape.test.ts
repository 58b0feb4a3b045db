import { describe, expect, it } from 'vitest';
import { readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { escapeText } from '../../src/report/escape.js';
import { importSuite } from '../../src/init/agentdojo/import-suite.js';
import type { PolicyName } from '../../src/init/agentdojo/pair-grants.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

/** The README an import writes for an export whose provenance strings carry markdown and HTML. */
function readme(policy: PolicyName, project = '[click](https://evil.example) \u202esgnirts\u200b\u0085'): string {
  const raw = miniExport() as {
    benchmark_version: string;
    suite_task_version: string;
    source: Record<string, string>;
    tenuo_reference_policy: { source: { repository: string; commit: string } };
  };
  raw.benchmark_version = 'v1\n\n<img src=x onerror=alert(1)>';
  raw.suite_task_version = 'v1\n# Fake heading';
  raw.source['project'] = project;
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

describe("import agentdojo: the README names the same characters as the run's report", () => {
  it('every C1, bidirectional and zero-width character, and none of their neighbours, as \\uXXXX on both pages', () => {
    // Each listed character with the code points around it (C0 and U+2028/9 aside: the README folds them into the line).
    const points = [
      [0x7e, 0xa1],
      [0x61b, 0x61d],
      [0x200a, 0x2011],
      [0x2029 + 1, 0x2030],
      [0x205f, 0x206b],
      [0xfefe, 0xff00],
    ].flatMap(([from, to]) => Array.from({ length: to! - from! + 1 }, (_, i) => from! + i).filter((cp) => cp !== 0x7f));
    const named = (text: string): string[] => [...text.matchAll(/\\u([0-9A-F]{4})/g)].map((m) => m[1]!);
    const project = String.fromCodePoint(...points);
    const fromReport = named(escapeText(project));
    expect(fromReport.length).toBeGreaterThan(40);
    expect(named(readme('task-scoped', project).split('\n')[2]!)).toEqual(fromReport);
  });
});
