/**
 * docs/scenarios.md documents the fields of an `emails` and a `transactions` entry: a person writing
 * a scenario reads that page, not the schema. Every field the schema requires is in its table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const doc = readFileSync(join(ROOT, 'docs/scenarios.md'), 'utf8');
const schema = JSON.parse(readFileSync(join(ROOT, 'scenarios/scenario.schema.json'), 'utf8')) as {
  $defs: Record<string, { properties: Record<string, unknown>; required?: string[] }>;
};

/** The field names in the table that follows `An entry of \`KEY\``. */
function documentedFields(key: string): string[] {
  const start = doc.indexOf(`An entry of \`${key}\``);
  if (start < 0) return [];
  const table = doc.slice(start).split('\n\n')[1] ?? '';
  return [...table.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]!);
}

describe('docs/scenarios.md: environment entries', () => {
  it.each([
    ['emails', 'email'],
    ['transactions', 'transaction'],
  ])('an entry of %s: every field of the schema, none other', (key, def) => {
    const fields = Object.keys(schema.$defs[def]!.properties);
    expect(fields.length).toBeGreaterThan(0);
    expect(documentedFields(key).sort()).toEqual([...fields].sort());
    expect([...(schema.$defs[def]!.required ?? [])].sort()).toEqual([...fields].sort()); // the page says "all required"
  });
});
