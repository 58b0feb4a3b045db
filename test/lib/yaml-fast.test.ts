/**
 * The positioned YAML tree's fast path (src/lib/yaml-fast.ts) against the Composer path it stands
 * in for: over every YAML file of the repository, the YAML texts written in the tests, and
 * generated and mutated documents, either the fast path declines or its tree deep-equals the
 * Composer path's (values, bigint/number kinds, spans), and parseYamlTree's whole answer (tree and
 * problems, with their offsets and words) is the Composer path's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Parser } from 'yaml';
import type { CST } from 'yaml';
import { treeFromTokens } from '../../src/lib/yaml-fast.js';
import { composedYamlTree, parseYamlTree } from '../../src/lib/yaml-tree.js';
import type { PNode } from '../../src/lib/yaml-tree.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The fast path's tree of `text`, from the tokens parseYamlTree hands it (one document's). */
function fastTree(text: string): PNode | undefined {
  const tokens: CST.Token[] = [];
  let documents = 0;
  for (const token of new Parser().parse(text)) {
    tokens.push(token);
    if (token.type === 'document' && ++documents === 2) break;
  }
  return treeFromTokens(tokens);
}

/** Asserts the property on one text; true when the fast path took it. */
function sameTree(text: string): boolean {
  const reference = composedYamlTree(text);
  const answer = parseYamlTree(text);
  expect(answer.problems).toStrictEqual(reference.problems);
  expect(answer.root).toStrictEqual(reference.root);
  const fast = fastTree(text);
  if (fast === undefined) return false;
  expect(reference.problems).toStrictEqual([]);
  expect(fast).toStrictEqual(reference.root);
  return true;
}

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.tmp', '.git'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFiles(path));
    else if (/\.ya?ml$/.test(entry.name)) out.push(path);
  }
  return out.sort();
}

/** YAML written inline in the test files: template literals with a key and a line break. */
function yamlInTests(): string[] {
  const texts = new Set<string>();
  for (const path of readdirSync(join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .filter((p) => p.endsWith('.ts'))
    .sort()) {
    const source = readFileSync(join(ROOT, 'test', path), 'utf8');
    for (const m of source.matchAll(/`([^`$\\]*)`/g)) if (m[1]!.includes('\n') && m[1]!.includes(':')) texts.add(m[1]!);
  }
  return [...texts];
}

describe('the fast path of the positioned YAML tree', () => {
  it('gives the Composer path’s tree for every YAML file of the repository, and takes the built-in scenarios', () => {
    const files = yamlFiles(ROOT);
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const took = sameTree(text);
      if (file.includes(`${join(ROOT, 'scenarios')}/`)) expect({ file, took }).toEqual({ file, took: true });
      // The same files with Windows line ends, a byte order mark, and a tab in the indentation.
      sameTree(text.replace(/\n/g, '\r\n'));
      sameTree(`\ufeff${text}`);
      sameTree(text.replace(/\n {2}(?=\S)/, '\n\t'));
    }
  });

  it('gives the Composer path’s answer for the YAML written in the tests', () => {
    const texts = yamlInTests();
    expect(texts.length).toBeGreaterThan(100);
    // (Some are not YAML at all: the text between two literals of a line. All the better.)
    let valid = 0;
    let taken = 0;
    for (const text of texts) {
      if (composedYamlTree(text).problems.length === 0) valid++;
      if (sameTree(text)) taken++;
    }
    expect(taken).toBeGreaterThanOrEqual(0.9 * valid);
  });

  it('declines what it does not handle exactly (the Composer path then reports it)', () => {
    const declined = [
      'a: &x 1\nb: *x\n', // anchors and aliases
      'a: !!binary aGVsbG8=\n', // tags
      '%YAML 1.2\n---\na: 1\n', // directives
      '---\na: 1\n', // an explicit document start
      'a: 1\n---\nb: 2\n', // a second document
      '? a\n: 1\n', // an explicit key
      'a: 1\na: 2\n', // a duplicate key
      '1: x\n"1": y\n', // keys that read the same
      '<<: {a: 1}\n', // a merge key
      '~: 1\n', // a null key
      '[a: 1]\n', // a pair inside a flow sequence
      'a:\n\t- 1\n', // a tab in the indentation
      'a: "\\q"\n', // a bad escape
      'a: [1, , 2]\n', // an empty flow item
      'a: b: c\n', // a compact nested mapping
      `${'a:\n'.repeat(1)}${Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i + 1)}k:`).join('\n')} 1\n`, // too deep
      '\ufeffa: 1\n', // a byte order mark
      'a: "x"#c\n', // a comment not after white space
      'a: {b: 1}#c\n',
      `${'k'.repeat(1100)}: 1\n`, // a key longer than 1024 characters
    ];
    for (const text of declined) {
      expect({ text, fast: fastTree(text) }).toEqual({ text, fast: undefined });
      sameTree(text);
    }
  });

  it('resolves plain scalars as the core schema does: ints as bigint, floats as numbers, null, booleans', () => {
    const text = 'a: 12\nb: -0\nc: 0o17\nd: 0x1F\ne: 1.0\nf: 1e3\ng: .inf\nh: ~\ni: True\nj: yes\nk: 0755\nl: "12"\nm:\n';
    expect(fastTree(text)).toBeDefined();
    sameTree(text);
    const root = fastTree(text);
    const values = root?.kind === 'map' ? root.entries.map((e) => (e.value.kind === 'scalar' ? e.value.value : e.value.kind)) : [];
    expect(values).toStrictEqual([12n, -0n, 15n, 31n, 1, 1000, Infinity, null, true, 'yes', 755n, '12', null]);
  });

  it('gives the Composer path’s answer for generated documents of every scalar style, nesting and comment', () => {
    let taken = 0;
    fc.assert(
      fc.property(documentArbitrary, fc.constantFrom('', '\r\n', 'bom', 'lead', 'tail'), (doc, variant) => {
        let text = render(doc);
        if (variant === '\r\n') text = text.replace(/\n/g, '\r\n');
        if (variant === 'bom') text = `\ufeff${text}`;
        if (variant === 'lead') text = `# a comment\n\n${text}`;
        if (variant === 'tail') text = `${text}# the end\n`;
        if (sameTree(text)) taken++;
        // And a character inserted into it, as an editor might leave one.
        const at = (text.length * 7919) % (text.length + 1);
        sameTree(text.slice(0, at) + MUTATION_CHARS[text.length % MUTATION_CHARS.length] + text.slice(at));
      }),
      { numRuns: 2500, seed: 23 },
    );
    expect(taken).toBeGreaterThan(500);
  });

  it('gives the Composer path’s answer for mutated files (a character inserted, deleted or replaced)', () => {
    const texts = yamlFiles(join(ROOT, 'scenarios')).map((f) => readFileSync(f, 'utf8'));
    const edits = fc.array(fc.tuple(fc.nat(), fc.nat(2), fc.constantFrom(...MUTATION_CHARS)), { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(fc.nat(texts.length - 1), edits, (which, list) => {
        let text = texts[which]!;
        for (const [at, kind, ch] of list) {
          const i = at % (text.length + 1);
          text =
            kind === 0
              ? text.slice(0, i) + ch + text.slice(i)
              : kind === 1
                ? text.slice(0, i) + text.slice(i + 1)
                : text.slice(0, i) + ch + text.slice(i + 1);
        }
        sameTree(text);
      }),
      { numRuns: 1500, seed: 23 },
    );
  });
});

// ------------------------------------------------------------------ generated documents

const MUTATION_CHARS = [
  ':',
  '-',
  '#',
  "'",
  '"',
  '{',
  '}',
  '[',
  ']',
  ',',
  '|',
  '>',
  '&',
  '*',
  '!',
  '%',
  '@',
  '?',
  '\t',
  '\n',
  ' ',
  '\r',
  'x',
  '0',
];

/** Scalars that resolve to every core-schema type, or look as if they might. */
const TRICKY = [
  ...['', '~', 'null', 'Null', 'NULL', 'nULL', 'true', 'True', 'TRUE', 'tRUE', 'false', 'yes', 'no', 'on', 'off', 'y'],
  ...['0', '-0', '+0', '12', '+12', '-12', '007', '0755', '0o17', '0o19', '0x1F', '0xg', '0b101', '1_000', '12345678901234567890123'],
  ...['1.0', '1.', '.5', '-.5', '1e3', '1E-3', '+1.5e+3', '1.5e', '.inf', '-.Inf', '+.INF', '.nan', '.NaN', 'NaN', 'inf'],
  ...['<<', 'a: b', 'a:b', '- x', '-x', '#x', 'a #b', 'a# b', "it's", 'say "hi"', '\\n', ' lead', 'trail ', 'two\nlines', 'a\n\nb'],
  ...['tab\there', 'é', '日本語', '😀', '@at', '`tick', '%pct', '&amp', '*star', '!bang', '?q', '|bar', '>gt', '[x]', '{y}', 'x,y'],
];

type Scalar = { readonly kind: 'scalar'; readonly text: string; readonly style: string; readonly comment: boolean };
type Coll = {
  readonly kind: 'map' | 'seq';
  readonly flow: boolean;
  readonly items: readonly (readonly [Scalar, Doc])[];
  readonly blank: boolean;
};
type Doc = Scalar | Coll;

const scalarArbitrary: fc.Arbitrary<Scalar> = fc.record({
  kind: fc.constant('scalar' as const),
  text: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...TRICKY) },
    { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...'abz09 :-#\'"\n.,_/'.split('')), maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  ),
  style: fc.constantFrom('plain', 'plain', 'single', 'double', '|', '|-', '|+', '>', '>-', 'empty'),
  comment: fc.boolean(),
});

const keyArbitrary: fc.Arbitrary<Scalar> = fc.record({
  kind: fc.constant('scalar' as const),
  text: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('name', 'a', 'b', 'tool', 'args', 'x y', 'k1', 'k2') },
    { weight: 1, arbitrary: fc.constantFrom(...TRICKY) },
  ),
  style: fc.constantFrom('plain', 'plain', 'plain', 'single', 'double'),
  comment: fc.constant(false),
});

const { doc: documentArbitrary } = fc.letrec<{ doc: Doc; coll: Coll }>((tie) => ({
  doc: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalarArbitrary, tie('coll')),
  coll: fc.record({
    kind: fc.constantFrom('map' as const, 'seq' as const),
    flow: fc.boolean(),
    items: fc.array(fc.tuple(keyArbitrary, tie('doc')), { maxLength: 4 }),
    blank: fc.boolean(),
  }),
}));

function render(doc: Doc): string {
  if (doc.kind === 'scalar') return `${inline(doc, 0, false)}\n`;
  if (doc.flow || doc.items.length === 0) return `${flow(doc)}\n`;
  return block(doc, 0);
}

function block(coll: Coll, indent: number): string {
  const pad = ' '.repeat(indent);
  let out = '';
  for (const [key, value] of coll.items) {
    if (coll.blank) out += '\n';
    const head = coll.kind === 'map' ? `${pad}${inline(key, indent, true)}:` : `${pad}-`;
    out += head + after(value, indent + 2, coll.kind === 'seq');
  }
  return out;
}

/** What follows `key:` or `-`: an inline value, a block scalar, or a nested block collection. */
function after(value: Doc, indent: number, inSeq: boolean): string {
  if (value.kind === 'scalar') {
    if (value.style.startsWith('|') || value.style.startsWith('>')) {
      const body = value.text.split('\n').map((line) => (line === '' ? '' : ' '.repeat(indent) + line));
      return ` ${value.style}${value.comment ? ' # c' : ''}\n${body.join('\n')}\n`;
    }
    if (value.style === 'empty') return `${value.comment ? ' # c' : ''}\n${value.comment ? `${' '.repeat(indent - 2)}# below\n` : ''}`;
    return ` ${inline(value, indent, false)}${value.comment ? ' # c' : ''}\n`;
  }
  if (value.flow || value.items.length === 0) return ` ${flow(value)}\n`;
  // A map in a sequence may start on the dash's line (a compact mapping).
  if (inSeq && value.kind === 'map') return ` ${block(value, indent).slice(indent)}`;
  return `\n${block(value, indent)}`;
}

function flow(coll: Coll): string {
  const parts = coll.items.map(([key, value]) => {
    const v = value.kind === 'scalar' ? inline(value, 0, true) : flow(value);
    return coll.kind === 'map' ? `${inline(key, 0, true)}: ${v}` : v;
  });
  const sep = coll.blank ? ',\n  ' : ', ';
  return coll.kind === 'map' ? `{${parts.join(sep)}}` : `[${parts.join(sep)}]`;
}

function inline(scalar: Scalar, _indent: number, flowContext: boolean): string {
  const style = flowContext && (scalar.style.startsWith('|') || scalar.style.startsWith('>')) ? 'double' : scalar.style;
  if (style === 'empty') return '';
  if (style === 'single') return `'${scalar.text.replace(/'/g, "''")}'`;
  if (style === 'double' || style.startsWith('|') || style.startsWith('>')) return JSON.stringify(scalar.text);
  return scalar.text;
}
