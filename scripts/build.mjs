// Bundles the CLI and the action into dist/ (ESM, Node 20+, runs on 24): dist/cli.js, and
// dist/index.js with the chunks it loads on demand (dist/chunks/).
// Output is byte-stable: CI rebuilds and fails on any diff against the committed dist/.
//
// After bundling, the built-in suite is loaded once through the real YAML loader and written as
// dist/builtin-suite.json (src/scenario/snapshot.ts): a run of the built-in suite reads that
// instead of parsing YAML, as long as every scenarios/*.yaml still has the recorded SHA-256.
import { build } from 'esbuild';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SNAPSHOT, common, programs } from './bundle-config.mjs';

rmSync('dist', { recursive: true, force: true });

// The programs (the CLI, the action, the worker thread) and why each is built apart:
// scripts/bundle-config.mjs.
for (const [name, entry] of Object.entries(programs)) {
  if (!existsSync(entry)) continue;
  await build({ ...common, entryPoints: { [name]: entry } });
}

// The snapshot, made by the sources' own loader (bundled on its own into .tmp/, then imported).
if (existsSync('src/scenario/snapshot-build.ts')) {
  const work = resolve('.tmp', `build-snapshot-${process.pid}`);
  mkdirSync(work, { recursive: true });
  try {
    await build({
      entryPoints: { snapshot: 'src/scenario/snapshot-build.ts' },
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
