/**
 * A `%YAML` directive cannot change how a scenario file reads (docs/scenarios.md: a file is
 * YAML 1.2 whatever directive it carries). Policy files are covered in tenuo-policy.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/scenario/load.js';
import { parseYamlTree } from '../../src/lib/yaml-tree.js';
import { problemsOfText, scenarioText, tempDir } from './helpers.js';

function firstValue(text: string): unknown {
  const t = parseYamlTree(text);
  expect(t.problems).toEqual([]);
  return t.root?.kind === 'map' && t.root.entries[0]!.value.kind === 'scalar' ? t.root.entries[0]!.value.value : undefined;
}

describe('a scenario file is YAML 1.2 whatever %YAML directive it carries', () => {
  it.each([
    ['yes under %YAML 1.1 is text', '%YAML 1.1\n---\na: yes\n', 'yes'],
    ['0443 under %YAML 1.1 is decimal', '%YAML 1.1\n---\na: 0443\n', 443n],
    ['off under %YAML 1.3 is text', '%YAML 1.3\n---\na: off\n', 'off'],
  ])('%s', (_label, text, expected) => {
    expect(firstValue(text)).toEqual(expected);
  });

  it('a file content written `yes` under `%YAML 1.1` stays the text "yes"', async () => {
    const text = `%YAML 1.1\n---\n${scenarioText({ environment: 'environment:\n  files:\n    /data/a.txt: yes' })}`;
    const [s] = await loadScenarios(['s.yaml'], tempDir({ 's.yaml': text }));
    expect(JSON.stringify(s!.environment)).toContain('"yes"');
  });

  it('another major version, or a second %YAML for the document, is refused at its place', async () => {
    expect(await problemsOfText(`%YAML 2.0\n---\n${scenarioText()}`)).toEqual(['s.yaml:1:7: YAML: Unsupported YAML version 2.0']);
    expect(await problemsOfText(`%YAML 1.2\n%YAML 1.2\n---\n${scenarioText()}`)).toEqual([
      's.yaml:2:1: a second %YAML directive for the same document (YAML allows one; PyYAML refuses the file): keep one',
    ]);
  });
});
