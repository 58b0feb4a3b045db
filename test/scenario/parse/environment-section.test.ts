/**
 * `environment:` (src/scenario/parse/environment-section.ts): canonical absolute file paths, no path
 * that is a file and a folder at once, no duplicate email id.
 */
import { describe, expect, test } from 'vitest';
import { problemsOfText, scenarioText } from '../helpers.js';

describe('environment: in a scenario', () => {
  test('relative and non-canonical paths in environment.files', async () => {
    const text = scenarioText({
      environment: 'environment:\n  files:\n    data/a.txt: x\n    /data/../etc/b.txt: y\n    /data//c.txt: z',
    });
    expect(await problemsOfText(text)).toEqual([
      's.yaml:6:5: environment.files["data/a.txt"]: file paths must be absolute (start with /)',
      's.yaml:7:5: environment.files["/data/../etc/b.txt"]: file paths must be written in normal form (did you mean \'/etc/b.txt\'?)',
      's.yaml:8:5: environment.files["/data//c.txt"]: file paths must be written in normal form (did you mean \'/data/c.txt\'?)',
    ]);
  });

  test('file system conflicts and duplicate email ids in the environment', async () => {
    const text = scenarioText({
      environment: [
        'environment:', // 4
        '  files:', // 5
        '    /data/a.txt: x', // 6
        '    /data/a.txt/b.txt: y', // 7
        '    /: z', // 8
        '  emails:', // 9
        '    - {id: 1, sender: a@x, subject: s, body: b}', // 10
        '    - {id: 1, sender: b@x, subject: s, body: b}', // 11
      ].join('\n'),
    });
    expect(await problemsOfText(text)).toEqual([
      's.yaml:7:5: environment.files["/data/a.txt/b.txt"]: \'/data/a.txt\' is a file, so it cannot also be a folder',
      's.yaml:8:5: environment.files["/"]: \'/\' is the root folder, not a file',
      's.yaml:11:12: environment.emails: duplicate email id 1',
    ]);
  });
});
