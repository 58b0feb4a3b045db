// Bundles the CLI and the action into dist/ (ESM, Node 20+, runs on 24).
// Code splitting lets each command load only what it needs (dynamic import() → a chunk), so a
// `warrant decode` never pays for CEL and a push-event run never loads the GitHub client.
// Output is byte-stable: CI rebuilds and fails on any diff against the committed dist/.
//
// After bundling, the built-in suite is loaded once through the real YAML loader and written as
// dist/builtin-suite.json (src/bench/scenario/snapshot.ts): a run of the built-in suite reads that
// instead of parsing YAML, as long as every scenarios/*.yaml still has the recorded SHA-256.
import { build } from 'esbuild';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SNAPSHOT = 'builtin-suite.json';

const entryPoints = {};
if (existsSync('src/cli/index.ts')) entryPoints.cli = 'src/cli/index.ts';
if (existsSync('src/action/index.ts')) entryPoints.index = 'src/action/index.ts';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints,
  outdir: 'dist',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  // The bundle's loader looks for the snapshot in dist/ (the sources under vitest do not).
  define: { DELEGATION_BENCH_BUILTIN_SNAPSHOT: JSON.stringify(SNAPSHOT) },
  banner: {
    // The shebang makes dist/cli.js executable; Node ignores it in the other files.
    // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
    // Node 22+ keeps compiled code between runs (module.enableCompileCache; absent on Node 20, so
    // called only when present): a later run skips compiling the chunks it loads. Calls after the
    // first (one per chunk) do nothing.
    js:
      "#!/usr/bin/env node\nimport * as __m from 'node:module'; const require = __m.createRequire(import.meta.url); __m.enableCompileCache?.();",
  },
});

// The snapshot, made by the sources' own loader (bundled on its own into .tmp/, then imported).
if (existsSync('src/bench/scenario/snapshot-build.ts')) {
  const work = resolve('.tmp', `build-snapshot-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    await build({
      entryPoints: { snapshot: 'src/bench/scenario/snapshot-build.ts' },
      outdir: work,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'warning',
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    const { buildBuiltinSnapshot } = await import(pathToFileURL(join(work, 'snapshot.js')).href);
    writeFileSync(join('dist', SNAPSHOT), await buildBuiltinSnapshot(resolve('scenarios')));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
