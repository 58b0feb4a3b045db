/**
 * The built-in suite's snapshot (snapshot.ts): it reads back exactly as the YAML loader's result
 * (from several working folders, so the rebased `file` names are checked too), it is used only
 * while every built-in file is unchanged, and a damaged snapshot is never trusted and never throws:
 * the loader falls back to YAML.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { builtinScenariosDir, loadScenarios } from '../../src/scenario/load.js';
import { loadScenarioFiles } from '../../src/scenario/load-yaml.js';
import { encodeSnapshot, readBuiltinSnapshot } from '../../src/scenario/snapshot.js';
import { buildBuiltinSnapshot } from '../../src/scenario/snapshot-build.js';
import type { Scenario } from '../../src/model/scenario.js';
import { Float } from '../../src/warrant/constraint-value.js';
import { tempDir } from './helpers.js';

let text: string;
beforeAll(async () => {
  text = await buildBuiltinSnapshot(builtinScenariosDir());
});

/** A copy of the built-in suite and its snapshot in a temp folder: `<root>/scenarios`, `<root>/snap.json`. */
function copiedSuite(): { root: string; dir: string; snapshot: string } {
  const root = tempDir();
  const dir = join(root, 'scenarios');
  cpSync(builtinScenariosDir(), dir, { recursive: true });
  const snapshot = join(root, 'snap.json');
  writeFileSync(snapshot, text);
  return { root, dir, snapshot };
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Replaces the snapshot's body, with a body hash that matches (an intact but different snapshot). */
function withBody(snapshot: string, edit: (body: string) => string): string {
  const [header, body] = snapshot.split('\n') as [string, string];
  const newBody = edit(body);
  const h = JSON.parse(header) as { body_sha256: string };
  h.body_sha256 = sha(newBody);
  return `${JSON.stringify(h)}\n${newBody}\n`;
}

describe('built-in suite snapshot', () => {
  test('reads back deep-equal to a fresh YAML load, from several working folders', async () => {
    const dir = builtinScenariosDir();
    // The repository root (relative names), the folder itself ('.'), and a folder beside it whose
    // relative path would climb out with '..' (absolute names), wherever the checkout lives.
    const cwds = [dirname(dir), dir, join(dirname(dir), 'src')];
    const seen = new Set<string>();
    for (const cwd of cwds) {
      const fromYaml = await loadScenarioFiles([], cwd, dir);
      const snap = join(tempDir(), 'snap.json');
      writeFileSync(snap, text);
      const fromSnapshot = await readBuiltinSnapshot(snap, dir, cwd);
      expect(fromSnapshot).toBeDefined();
      // isDeepStrictEqual also compares prototypes (null-prototype maps) and Float vs number.
      expect(isDeepStrictEqual(fromSnapshot, fromYaml)).toBe(true);
      expect(fromSnapshot).toEqual(fromYaml);
      seen.add(fromSnapshot![0]!.source.file);
    }
    // The file names really differ between these folders (relative, '.', absolute).
    expect(seen.size).toBe(cwds.length);
    expect([...seen]).toContain(join('scenarios', 'api_monitoring.yaml'));
    expect([...seen]).toContain(join(dir, 'api_monitoring.yaml'));
  });

  test('loadScenarios uses a fresh snapshot (an intact, edited body shows through)', async () => {
    const s = copiedSuite();
    writeFileSync(
      s.snapshot,
      withBody(text, (b) => b.replace('"name":"code_review"', '"name":"code_review_from_snapshot"')),
    );
    const got = await loadScenarios(['builtin'], s.root, { builtin: { dir: s.dir, snapshot: s.snapshot } });
    expect(got.map((x) => x.name)).toContain('code_review_from_snapshot');
    // Other inputs than `builtin` never use it.
    const named = await loadScenarios(['scenarios'], s.root, { builtin: { dir: s.dir, snapshot: s.snapshot } });
    expect(named.map((x) => x.name)).toContain('code_review');
    expect(named.map((x) => x.name)).not.toContain('code_review_from_snapshot');
  });

  test('a modified, added or removed built-in file falls back to YAML and gives the new suite', async () => {
    const opts = (s: ReturnType<typeof copiedSuite>) => ({ builtin: { dir: s.dir, snapshot: s.snapshot } });
    // Modified: a new description.
    const a = copiedSuite();
    const file = join(a.dir, 'code_review.yaml');
    const yaml = readFileSync(file, 'utf8');
    expect(yaml).toMatch(/^description: /m);
    writeFileSync(file, yaml.replace(/^description: .*$/m, 'description: changed after the build'));
    const modified = await loadScenarios([], a.root, opts(a));
    expect(modified.find((x) => x.name === 'code_review')!.description).toBe('changed after the build');
    expect(modified).toEqual(await loadScenarioFiles([], a.root, a.dir));
    // Added: a ninth file.
    const b = copiedSuite();
    writeFileSync(join(b.dir, 'zz_extra.yaml'), yaml.replace(/^name: code_review$/m, 'name: zz_extra'));
    const added = await loadScenarios(['builtin'], b.root, opts(b));
    expect(added.map((x) => x.name)).toContain('zz_extra');
    expect(added).toHaveLength(9);
    // Removed.
    const c = copiedSuite();
    const { rmSync } = await import('node:fs');
    rmSync(join(c.dir, 'log_analysis.yaml'));
    const removed = await loadScenarios(['builtin'], c.root, opts(c));
    expect(removed.map((x) => x.name)).not.toContain('log_analysis');
    expect(removed).toHaveLength(7);
    // Added in a subfolder (read by the loader, so the snapshot is stale); a hidden one changes nothing.
    const d = copiedSuite();
    mkdirSync(join(d.dir, 'more', '.drafts'), { recursive: true });
    writeFileSync(join(d.dir, 'more', '.drafts', 'draft.yaml'), 'not: a scenario\n');
    expect(await readBuiltinSnapshot(d.snapshot, d.dir, d.root)).toHaveLength(8);
    writeFileSync(join(d.dir, 'more', 'sub.yaml'), yaml.replace(/^name: code_review$/m, 'name: in_sub'));
    expect(await readBuiltinSnapshot(d.snapshot, d.dir, d.root)).toBeUndefined();
    const nested = await loadScenarios([], d.root, opts(d));
    expect(nested.map((x) => x.file)).toContain('scenarios/more/sub.yaml');
    expect(nested).toHaveLength(9);
    // A snapshot built from that tree records the subfolder's file and reads back as the YAML.
    writeFileSync(d.snapshot, await buildBuiltinSnapshot(d.dir));
    expect(await readBuiltinSnapshot(d.snapshot, d.dir, d.root)).toEqual(nested);
  });

  test('a damaged snapshot is never trusted and never throws', async () => {
    const [header, body] = text.split('\n') as [string, string];
    const damaged: Record<string, string> = {
      empty: '',
      garbage: '\u0000\u00ff not json',
      'header only': `${header}\n`,
      truncated: text.slice(0, Math.floor(text.length / 2)),
      'body edited without its hash': `${header}\n${body.replace('"code_review"', '"code_reviewX"')}\n`,
      'other format': text.replace('builtin-suite@1', 'builtin-suite@0'),
      'wrong file hash': text.replace(/"sha256":"[0-9a-f]{64}"/, `"sha256":"${'0'.repeat(64)}"`),
      'unknown tag': withBody(text, (b) => b.replace('{"n":', '{"q":')),
      'bigint not digits': withBody(text, () => '[{"i":"12x"}]'),
      'not scenarios': withBody(text, () => '[1,2,3]'),
      'file outside the suite': withBody(text, (b) => b.replace(/\{"p":"[a-z_]+\.yaml"\}/, '{"p":"../../etc/passwd"}')),
      'deep nesting': withBody(text, () => '['.repeat(5000) + ']'.repeat(5000)),
    };
    const s = copiedSuite();
    const expected = await loadScenarioFiles([], s.root, s.dir);
    for (const [what, content] of Object.entries(damaged)) {
      writeFileSync(s.snapshot, content);
      expect(await readBuiltinSnapshot(s.snapshot, s.dir, s.root), what).toBeUndefined();
      expect(await loadScenarios([], s.root, { builtin: { dir: s.dir, snapshot: s.snapshot } }), what).toEqual(expected);
    }
    // Absent: the same.
    expect(await loadScenarios([], s.root, { builtin: { dir: s.dir, snapshot: join(s.root, 'none.json') } })).toEqual(expected);
  });

  test('values JSON cannot hold round-trip exactly (Float, bigint, -0, NaN, null prototypes, __proto__ keys)', async () => {
    const root = tempDir();
    const dir = join(root, 'suite');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.yaml'), 'name: a\n');
    const nullProto = Object.create(null) as Record<string, unknown>;
    nullProto.k = new Float(1);
    Object.defineProperty(nullProto, '__proto__', { value: 'a key', enumerable: true, writable: true, configurable: true });
    const odd = [
      {
        name: 'a',
        file: join('suite', 'a.yaml'),
        calls: [],
        values: [
          new Float(2.5),
          2.5,
          new Uint8Array([0, 255, 7]),
          9007199254740993n,
          -5n,
          -0,
          0,
          NaN,
          Infinity,
          -Infinity,
          null,
          true,
          undefined,
          '',
          { u: 0 },
        ],
        nullProto,
      },
    ] as unknown as Scenario[];
    const snap = encodeSnapshot(odd, [{ name: 'a.yaml', content: readFileSync(join(dir, 'a.yaml')) }], dir, root);
    const path = join(root, 'snap.json');
    writeFileSync(path, snap);
    const back = (await readBuiltinSnapshot(path, dir, root)) as unknown as (typeof odd)[number][];
    expect(isDeepStrictEqual(back, odd)).toBe(true);
    const values = (back[0] as unknown as { values: unknown[] }).values;
    expect(values[0]).toBeInstanceOf(Float);
    expect(typeof values[1]).toBe('number');
    expect(values[2]).toBeInstanceOf(Uint8Array);
    expect(values[3]).toBe(9007199254740993n);
    expect(Object.is(values[5], -0)).toBe(true);
    expect(Object.getPrototypeOf((back[0] as unknown as { nullProto: object }).nullProto)).toBeNull();
    // Seen from elsewhere, the file name is rebased.
    const elsewhere = await readBuiltinSnapshot(path, dir, dir);
    expect(elsewhere![0]!.file).toBe('./a.yaml');
    // What has no encoding is refused when the snapshot is made, not shipped.
    const bad = [{ name: 'a', file: join('suite', 'a.yaml'), calls: [], m: new Map() }] as unknown as Scenario[];
    expect(() => encodeSnapshot(bad, [{ name: 'a.yaml', content: new Uint8Array() }], dir, root)).toThrow(/Map/);
    const outside = [{ name: 'a', file: 'elsewhere/a.yaml', calls: [] }] as unknown as Scenario[];
    expect(() => encodeSnapshot(outside, [{ name: 'a.yaml', content: new Uint8Array() }], dir, root)).toThrow(/not a built-in/);
  });
});
