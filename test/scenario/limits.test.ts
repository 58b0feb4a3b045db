/**
 * Oversized input is refused with one clear message, quickly, not with a hang or a crash: the
 * inputs are generated here, into a temp folder.
 */
import { openSync, closeSync, ftruncateSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { MAX_CALLS, MAX_DEPTH, MAX_FILES, MAX_FILE_BYTES, MAX_NODES, MAX_PROBLEMS_PER_FILE } from '../../src/scenario/limits.js';
import { problemsOf, problemsOfText, scenarioText, tempDir } from './helpers.js';

const HEAD = 'name: big\ndescription: big\nrequest: big\n';
const TAIL = 'judge:\n  task: "true"\n  attack: "false"\nwarrant:\n  get_balance: {}\n';

describe('input limits', () => {
  test('a 50 MB file is refused by its size, before it is read', async () => {
    const d = tempDir();
    const fd = openSync(join(d, 'huge.yaml'), 'w');
    ftruncateSync(fd, 50 * 1024 * 1024); // sparse: 50 MB on paper, no time spent writing it
    closeSync(fd);
    expect(await problemsOf(['huge.yaml'], d)).toEqual(['huge.yaml: file is too large (50 MiB; the limit is 1 MiB); the file is refused']);
  });

  test('a file just over the limit is refused, one at the limit is read', async () => {
    const pad = (n: number) => `${scenarioText()}# ${'x'.repeat(n)}\n`;
    const base = pad(0).length;
    const d = tempDir({
      'at.yaml': pad(MAX_FILE_BYTES - base),
      'over.yaml': pad(MAX_FILE_BYTES - base + 1),
    });
    expect(await problemsOf(['at.yaml', 'over.yaml'], d)).toEqual([
      'over.yaml: file is too large (1 MiB; the limit is 1 MiB); the file is refused',
    ]);
  });

  test('a 100,000-call file (aliases keep it under 1 MiB) gets one message about the calls', async () => {
    const calls = `calls:\n  - &c {tool: get_balance}\n${'  - *c\n'.repeat(100_000 - 1)}`;
    const text = HEAD + calls + TAIL;
    expect(text.length).toBeLessThan(MAX_FILE_BYTES);
    expect(await problemsOfText(text)).toEqual([`s.yaml:5:3: calls: too many items (100000; the limit is ${MAX_CALLS})`]);
  });

  test('a 100,000-call file written out in full is refused by its size', async () => {
    const text = HEAD + `calls:\n${'  - tool: get_balance\n'.repeat(100_000)}` + TAIL;
    const d = tempDir({ 'calls.yaml': text });
    expect(await problemsOf(['calls.yaml'], d)).toEqual([
      'calls.yaml: file is too large (2.1 MiB; the limit is 1 MiB); the file is refused',
    ]);
  });

  test(`${MAX_CALLS + 1} plain calls: one message, none per call`, async () => {
    const text = HEAD + `calls:\n${'  - {tool: get_balance}\n'.repeat(MAX_CALLS + 1)}` + TAIL;
    expect(await problemsOfText(text)).toEqual([`s.yaml:5:3: calls: too many items (${MAX_CALLS + 1}; the limit is ${MAX_CALLS})`]);
  });

  test('exactly the maximum number of calls loads', async () => {
    const { loadScenarios } = await import('../../src/scenario/load.js');
    const text = HEAD + `calls:\n${'  - {tool: get_balance}\n'.repeat(MAX_CALLS)}` + TAIL;
    const d = tempDir({ 'max.yaml': text });
    const [s] = await loadScenarios(['max.yaml'], d);
    expect(s!.calls).toHaveLength(MAX_CALLS);
  });

  test('"billion laughs" alias expansion is refused while it is being built', async () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    const text = `${lines.join('\n')}\n`;
    const problems = await problemsOfText(text);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      new RegExp(`^s\\.yaml:\\d+:\\d+: too many YAML nodes after expanding aliases \\(more than ${MAX_NODES}\\); the file is refused$`),
    );
  });

  test('an alias that refers to its own node is refused', async () => {
    expect(await problemsOfText('a: &x [1, *x]\n')).toEqual(["s.yaml:1:11: alias '*x' refers to a node that contains it"]);
  });

  test('deep nesting is refused with one message, no stack overflow', async () => {
    const message = `YAML nesting deeper than ${MAX_DEPTH} levels; the file is refused`;
    // Just past the bound: the tree builder stops at the first level too many.
    const over = `name: ${'['.repeat(MAX_DEPTH + 8)}${']'.repeat(MAX_DEPTH + 8)}\n`;
    // The root map is level 1, so the 32nd bracket is level 33.
    expect(await problemsOfText(over)).toEqual([`s.yaml:1:${6 + MAX_DEPTH}: ${message}`]);
    // Far past it (300,000 levels, which would overflow yaml's recursive composer): the lexical
    // pre-pass refuses it before parsing, at four times the bound.
    const deep = `name: ${'['.repeat(300_000)}${']'.repeat(300_000)}\n`;
    expect(await problemsOfText(deep)).toEqual([`s.yaml:1:${6 + 4 * MAX_DEPTH}: ${message}`]);
    // A small deep file skips the pre-pass; yaml's own stack overflow becomes the same message.
    const small = await problemsOfText(`name: ${'['.repeat(5_000)}${']'.repeat(5_000)}\n`);
    expect(small).toHaveLength(1);
    expect(small[0]).toMatch(new RegExp(`^s\\.yaml:1:\\d+: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    const dashes = `${'- '.repeat(400_000)}x\n`;
    expect(await problemsOfText(dashes)).toEqual([`s.yaml:1:${1 + 2 * (4 * MAX_DEPTH - 1)}: ${message}`]);
    const indented = Array.from({ length: 1000 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    expect(await problemsOfText(indented)).toEqual([`s.yaml:${4 * MAX_DEPTH + 1}:${4 * MAX_DEPTH + 1}: ${message}`]);
    // ...also when the depth comes from an alias to a deep node.
    const half = MAX_DEPTH - 2;
    const viaAlias = `a: &d ${'['.repeat(half)}${']'.repeat(half)}\nb: ${'['.repeat(half)}*d${']'.repeat(half)}\n`;
    const problems = await problemsOfText(viaAlias);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/YAML nesting deeper than \d+ levels; the file is refused$/);
  });

  test(`more than ${MAX_FILES} scenario files are refused before any is read, in subfolders too`, async () => {
    const d = tempDir();
    // Empty files: any that was read would be a problem of its own.
    for (const sub of ['a', 'b']) {
      mkdirSync(join(d, 'many', sub), { recursive: true });
      for (let i = 0; i <= MAX_FILES / 2; i++) closeSync(openSync(join(d, 'many', sub, `s${i}.yaml`), 'w'));
    }
    expect(await problemsOf(['many'], d)).toEqual([
      `many: more than ${MAX_FILES} scenario files in this folder and the folders below it; the limit is ${MAX_FILES}`,
    ]);
    expect(await problemsOf(['many/a', 'many/b'], d)).toEqual([
      `many/a, many/b: ${MAX_FILES + 2} scenario files; the limit is ${MAX_FILES}`,
    ]);
  });

  test(`problems per file are capped at ${MAX_PROBLEMS_PER_FILE}, with a count of the rest`, async () => {
    const keys = Array.from({ length: 300 }, (_, i) => `extra${i}: 1`).join('\n');
    const problems = await problemsOfText(`${scenarioText()}${keys}\n`);
    expect(problems).toHaveLength(MAX_PROBLEMS_PER_FILE + 1);
    expect(problems[0]).toBe("s.yaml:18:1: unknown key 'extra0'");
    expect(problems[MAX_PROBLEMS_PER_FILE]).toBe(`s.yaml:${17 + MAX_PROBLEMS_PER_FILE}:1: ... and 100 more problems in this file`);
  });

  test('a file that is not UTF-8 is refused', async () => {
    const d = tempDir();
    writeFileSync(join(d, 'latin1.yaml'), Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0x20, 0xe9, 0x0a]));
    expect(await problemsOf(['latin1.yaml'], d)).toEqual(['latin1.yaml: not valid UTF-8 text']);
  });

  test('a folder given as a file name with problems in many files lists each', async () => {
    const d = tempDir({ 'a.yaml': 'name: [', 'b.yml': 'name: [', 'c.txt': 'ignored' });
    const problems = await problemsOf(['.'], d);
    expect(problems.map((p) => p.split(':')[0])).toEqual(['./a.yaml', './b.yml']);
  });
});
