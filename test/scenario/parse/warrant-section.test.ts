/**
 * `warrant:` (src/scenario/parse/warrant-section.ts): a grant names known parameters and is strict
 * (lists every parameter a call carries) unless it sets `_allow_unknown: true`.
 */
import { describe, expect, test } from 'vitest';
import { problemsOfText, scenarioText, tempDir } from '../helpers.js';

describe('warrant: in a scenario', () => {
  test('unknown parameter in a grant, and a grant that is not strict', async () => {
    const text = scenarioText({
      warrant: 'warrant:\n  read_file: {pathh: {subpath: /data}}\n  write_file: {path: {subpath: /out}}\n  get_balance: {}',
    });
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:17:3: warrant.read_file: grant is strict: list every parameter of read_file; missing 'path' (e.g. path: wildcard), or set _allow_unknown: true",
      "s.yaml:17:15: warrant.read_file: unknown parameter 'pathh' of read_file (did you mean 'path'?); read_file takes path",
      "s.yaml:18:3: warrant.write_file: grant is strict: list every parameter of write_file; missing 'content' (e.g. content: wildcard), or set _allow_unknown: true",
    ]);
  });

  test('_allow_unknown opts a grant out of strictness', async () => {
    const d = tempDir({
      's.yaml': scenarioText({
        warrant: 'warrant:\n  read_file: {_allow_unknown: true}\n  send_email: {recipients: wildcard, _allow_unknown: true}',
      }),
    });
    const { loadScenarios } = await import('../../../src/scenario/load.js');
    const [s] = await loadScenarios(['s.yaml'], d);
    expect(s!.warrant).toEqual({
      read_file: { constraints: {}, allowUnknown: true },
      send_email: { constraints: { recipients: { type: 'wildcard' } }, allowUnknown: true },
    });
  });
});
