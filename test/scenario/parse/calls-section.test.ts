/**
 * `calls:` (src/scenario/parse/calls-section.ts): each call's parameters are checked against its
 * tool's signature, every problem at its position.
 */
import { describe, expect, test } from 'vitest';
import { problemsOfText, scenarioText } from '../helpers.js';

describe('calls: in a scenario', () => {
  test('unknown and missing parameters in calls', async () => {
    const text = scenarioText({
      calls: 'calls:\n  - tool: read_file\n    args: {pth: /data/a.txt}\n  - tool: get_balance\n    args: {account: main}',
    });
    expect(await problemsOfText(text)).toEqual([
      "s.yaml:9:11: calls[0].args: missing parameter 'path' of read_file",
      "s.yaml:9:12: calls[0].args: unknown parameter 'pth' of read_file (did you mean 'path'?); read_file takes path",
      "s.yaml:11:12: calls[1].args: unknown parameter 'account' of get_balance; get_balance takes no parameters",
    ]);
  });
});
