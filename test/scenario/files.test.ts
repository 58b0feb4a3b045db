import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundMessage } from '../../src/scenario/bounded.js';
import { MAX_PROBLEMS_PER_FILE } from '../../src/scenario/limits.js';
import { walkScenarioTree, type TreeReader } from '../../src/scenario/files.js';
import { problemsOf, problemsOfText, scenarioText, tempDir } from './helpers.js';

/** A fake tree: folder path → entries; a name ending in `/` is a folder, `@` a symlink to a folder. */
function reader(tree: Record<string, string[]>): TreeReader {
  const entry = (name: string) => ({
    name: name.replace(/[/@]$/, ''),
    isFile: () => !/[/@]$/.test(name),
    isDirectory: () => name.endsWith('/'),
    isSymbolicLink: () => name.endsWith('@'),
  });
  return {
    list: (abs) => {
      const names = tree[abs];
      if (names === undefined) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
      return names.map(entry);
    },
    isFolder: () => true,
  };
}

describe('scenario folders', () => {
  it('take .yaml and .yml in any case, and nothing else', () => {
    const names = ['a.yaml', 'B.YAML', 'c.Yml', 'd.YML', 'e.yaml.bak', 'f.json', 'g.yamlx', 'yaml', 'h.ya ml'];
    expect(walkScenarioTree('/d', reader({ '/d': names })).files).toEqual(['B.YAML', 'a.yaml', 'c.Yml', 'd.YML']);
  });

  it('load an upper-case .YAML file found in a folder', async () => {
    const d = tempDir({ 'ONLY.YAML': 'name: x\n' });
    const problems = await problemsOf(['.'], d);
    // Read and checked, not "no scenario files in this folder".
    expect(problems.some((p) => p.startsWith('./ONLY.YAML:1:1: missing required key'))).toBe(true);
  });
});

describe('a scenario file that is not a regular file', () => {
  it('refuses a FIFO named as a scenario file without waiting for a writer', async () => {
    const d = tempDir({});
    const fifo = join(d, 'pipe.yaml');
    const marker = join(d, 'writer-came');
    execFileSync('mkfifo', [fifo]);
    // A writer that comes late and says so first: a reader that waits for it (a blocking open) returns
    // only after the marker exists; one that does not wait returns before.
    const writer = spawn('sh', ['-c', 'sleep 10; : > "$2"; echo "name: x" > "$1"', 'sh', fifo, marker], { stdio: 'ignore' });
    try {
      expect(await problemsOf(['pipe.yaml'], d)).toEqual(['pipe.yaml: not a regular file']);
      expect(existsSync(marker)).toBe(false);
    } finally {
      writer.kill();
    }
  });
});

describe('a file with more than one YAML document', () => {
  it('is one error in our words at the start of the second document', async () => {
    expect(await problemsOfText('name: a\n---\nname: b\n')).toEqual([
      's.yaml:2:1: a second YAML document starts here; a scenario file holds exactly one scenario (move each document after a `---` into a file of its own)',
    ]);
    const p = await problemsOfText('---\nname: a\ndescription: d\n# a comment\n\n---\nname: b\n');
    expect(p).toHaveLength(1);
    expect(p[0]).toMatch(/^s\.yaml:6:1: a second YAML document starts here/);
  });
});

describe('problems are bounded: a file cannot be echoed into a log', () => {
  it('shortens a long quoted value and says how long it was', () => {
    const v = 'x'.repeat(5000);
    expect(boundMessage(`unknown tool '${v}'`)).toBe(`unknown tool '${'x'.repeat(57)}...' (5000 characters)`);
    expect(boundMessage("unknown tool 'read_fil' (did you mean 'read_file'?)")).toBe("unknown tool 'read_fil' (did you mean 'read_file'?)");
  });

  it('does not read the apostrophes of prose as quotes (a message stays whole)', () => {
    const m =
      "send_email: the token does not constrain 'subject', 'body'; the benchmark's warrants name every parameter of a tool, so a grant that leaves one out cannot be re-granted under them (add it to the token's grant)";
    expect(boundMessage(m)).toBe(m);
    const v = 'x'.repeat(100);
    expect(boundMessage(`the scenario's tool '${v}' is the token's`)).toBe(
      `the scenario's tool '${'x'.repeat(57)}...' (100 characters) is the token's`,
    );
  });

  it('a value holding an apostrophe, or quoted in double quotes, is cut to 60 characters too', () => {
    const v = `it's ${'B'.repeat(300)}`;
    expect(boundMessage(`unknown tool '${v}'`)).toBe(`unknown tool '${v.slice(0, 57)}...' (${v.length} characters)`);
    expect(boundMessage(`unknown tool ${JSON.stringify(v)}: x`)).toBe(`unknown tool "${v.slice(0, 57)}..." (${v.length} characters): x`);
    expect(boundMessage('escapes stay whole: "a\\"b" and \'c\'')).toBe('escapes stay whole: "a\\"b" and \'c\'');
  });

  it('no problem or warning line of a hostile file quotes more than 60 of its characters', async () => {
    const v = `it's${'B'.repeat(300)}`;
    const text = scenarioText({
      calls: `calls:\n  - tool: read_file\n    args: {path: /data/a.txt}\n    expect: "${v}"`,
      warrant: `warrant:\n  read_file: {path: {pattern: "/data/${v}"}}\n  "${v}": {path: wildcard}`,
    });
    const problems = await problemsOfText(text);
    expect(problems.length).toBeGreaterThanOrEqual(2);
    for (const p of problems) expect(p).not.toMatch(/B{58}/);
  });

  it('shortens any long message at its middle, never splitting a character', () => {
    const m = boundMessage(`a ${'😀'.repeat(1000)} z`);
    expect(Array.from(m).length).toBeLessThanOrEqual(400);
    expect(m.startsWith('a 😀')).toBe(true);
    expect(m.endsWith('😀 z')).toBe(true);
    expect(m).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('applies to what the loader reports', async () => {
    const big = 'Q'.repeat(3000);
    const keys = Object.fromEntries(Array.from({ length: MAX_PROBLEMS_PER_FILE + 20 }, (_, i) => [`${big}${i}`, i]));
    const problems = await problemsOfText(JSON.stringify({ ...keys, calls: [{ tool: big }] }));
    expect(problems.length).toBe(MAX_PROBLEMS_PER_FILE + 1);
    for (const p of problems) expect(p).not.toContain('Q'.repeat(60));
    expect(problems.join('\n').length).toBeLessThan((MAX_PROBLEMS_PER_FILE + 1) * 200);
  });
});
