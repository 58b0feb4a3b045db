/**
 * Per-run state (budgets, warnings, keys, counters) belongs to the run and is passed in; a module
 * holds only constants and caches of pure functions (the same answer whoever asked first). This
 * finds every module-level `let` and every module-level Map/Set/WeakMap/WeakSet or empty array or
 * object that could be filled later, and fails on one that is not listed here with the reason it
 * is not per-run state. A new one: make it per run, or add it here with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const SRC = join(ROOT, 'src');

/** file:name → why it may stay at module level. */
const ALLOWED: Readonly<Record<string, string>> = {
  'src/world/shell.ts:syntax': 'the shell parser module, loaded once per thread and never changed',
  'src/scenario/builtin.ts:cached': "the built-in suite's folder: fixed for an install",
  'src/scenario/parse/index.ts:validator': 'the validator of the bundled scenario schema (a constant)',
  'src/cel/index.ts:programs': 'cache of compiled CEL programs (frozen, stateless) by text (bounded)',
  'src/trial/judge.ts:compiled': 'cache of compiled judges by text (bounded)',
  'src/scenario/constraint-from-yaml.ts:celVerdicts': 'cache of a pure check of CEL text (bounded)',
  'src/lib/regex.ts:cache': 'cache of compiled regexes by pattern (bounded)',
  'src/lib/regex-class-syntax.ts:knownToRe2': 'cache of a pure check of a Unicode class name against RE2 (bounded)',
  'src/warrant/crypto/ed25519-node.ts:keyCache': 'KeyObjects by public key bytes (bounded)',
  'src/warrant/crypto/ed25519-node.ts:lastKey': 'the last KeyObject handed out, checked against its bytes',
  'src/scenario/schema-walk.ts:resolvedBranches': "cache of a oneOf/anyOf list's resolved branches (bounded by the schema)",
  'src/results/key-order.ts:shapes': "cache of each results object schema's field list (bounded by the schema)",
  'src/warrant/cbor/encode.ts:scratch':
    'a scratch writer reused by encode: reset before each use, its result always a copy (test/warrant/cbor-scratch.test.ts)',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Names declared at module level (column 0) that can change after the module is loaded. */
function mutableModuleState(text: string): string[] {
  const names: string[] = [];
  for (const line of text.split('\n')) {
    const decl = /^(?:export )?(let|var|const) ([A-Za-z_$][\w$]*)\s*(?::\s*([^=]+))?=\s*(.*)$/.exec(line);
    if (decl === null) {
      const bare = /^(?:export )?(?:let|var) ([A-Za-z_$][\w$]*)/.exec(line);
      if (bare !== null) names.push(bare[1]!);
      continue;
    }
    const [, kind, name, type = '', init = ''] = decl;
    if (kind !== 'const') names.push(name!);
    else if (/^Readonly|^readonly /.test(type.trim())) continue;
    else if (/^new (Map|Set|WeakMap|WeakSet)\b(<.*>)?\(\)/.test(init) || /^(\[\]|\{\}|Object\.create\(null\))/.test(init))
      names.push(name!);
  }
  return names;
}

describe('module-level state', () => {
  it('finds what it looks for', () => {
    expect(
      mutableModuleState('let a = 1;\nconst b = new Map<string, number>();\nconst c: string[] = [];\nexport let d: number | undefined;\n'),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(
      mutableModuleState("const A = new Set(['x']);\nconst B: ReadonlySet<string> = new Set();\n  let inner = 0;\nconst N = 3;\n"),
    ).toEqual([]);
  });

  it('src/ holds no module-level mutable state but constants and caches of pure functions', () => {
    const found = sourceFiles(SRC).flatMap((f) =>
      mutableModuleState(readFileSync(f, 'utf8')).map((n) => `${relative(ROOT, f).split('\\').join('/')}:${n}`),
    );
    expect(found.filter((k) => !(k in ALLOWED))).toEqual([]);
    // An entry whose state is gone would let a new one of that name in unreviewed.
    expect(Object.keys(ALLOWED).filter((k) => !found.includes(k))).toEqual([]);
  });
});
