/**
 * The scenario schema as the loader's checker reads it and as a reference JSON Schema 2020-12
 * validator (ajv) reads it, on the built-in scenarios and on one-step mutations of each: every
 * required key dropped, an unknown key added, every value replaced by a value of each other shape.
 * Both must accept and refuse the same documents.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Document, isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { describe, expect, it } from 'vitest';
import { SchemaValidator, type JsonSchema } from '../../src/scenario/schema.js';
import { parseYamlTree } from '../../src/lib/yaml-tree.js';

const DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const schema = JSON.parse(readFileSync(join(DIR, 'scenario.schema.json'), 'utf8')) as JsonSchema;
const ours = new SchemaValidator(schema);
const reference = new Ajv2020({ strict: false, allErrors: false }).compile(schema);

function verdict(yaml: string): { ours: boolean; reference: boolean } {
  const tree = parseYamlTree(yaml);
  if (tree.root === undefined) throw new Error(`not YAML: ${tree.problems[0]?.message}`);
  return { ours: ours.validate(tree.root).problems.length === 0, reference: reference(parseDocument(yaml).toJS()) as boolean };
}

/** Every node of a document with the path to it. */
function nodes(doc: Document): { path: (string | number)[]; node: YamlNode }[] {
  const out: { path: (string | number)[]; node: YamlNode }[] = [];
  const walk = (n: unknown, path: (string | number)[]): void => {
    if (isMap(n)) {
      for (const p of n.items) {
        const k = isScalar(p.key) ? String(p.key.value) : String(p.key);
        out.push({ path: [...path, k], node: p.value as YamlNode });
        walk(p.value, [...path, k]);
      }
    } else if (isSeq(n)) {
      n.items.forEach((item, i) => {
        out.push({ path: [...path, i], node: item as YamlNode });
        walk(item, [...path, i]);
      });
    }
  };
  walk(doc.contents, []);
  return out;
}

const REPLACEMENTS: readonly unknown[] = ['text', 7.5, true, ['x'], { k: 'v' }];

describe('the scenario schema: our checker and ajv agree', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml'));

  it.each(files)('%s and its one-step mutations', (file) => {
    const text = readFileSync(join(DIR, file), 'utf8');
    expect(verdict(text)).toEqual({ ours: true, reference: true });
    const base = parseDocument(text, { intAsBigInt: false });
    let compared = 0;
    const disagreements: string[] = [];
    const check = (doc: Document, what: string): void => {
      const y = doc.toString();
      const v = verdict(y);
      compared++;
      if (v.ours !== v.reference) disagreements.push(`${what}: ours ${v.ours}, ajv ${v.reference}`);
    };
    for (const { path } of nodes(base)) {
      const del = base.clone();
      del.deleteIn(path);
      check(del, `delete ${path.join('.')}`);
      for (const r of REPLACEMENTS) {
        const doc = base.clone();
        doc.setIn(path, doc.createNode(r));
        check(doc, `${path.join('.')} = ${JSON.stringify(r)}`);
      }
    }
    const extra = base.clone();
    extra.set('unknown_key', 1);
    check(extra, 'unknown top-level key');
    expect(disagreements).toEqual([]);
    expect(compared).toBeGreaterThan(50);
  });
});
