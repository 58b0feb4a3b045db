// Bundles the CLI and the action into dist/ (ESM, Node 20+, runs on 24).
// Code splitting lets each command load only what it needs (dynamic import() → a chunk), so a
// `warrant decode` never pays for CEL and a push-event run never loads the GitHub client.
// Output is byte-stable: CI rebuilds and fails on any diff against the committed dist/.
import { build } from 'esbuild';
import { existsSync, rmSync } from 'node:fs';

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
  banner: {
    // The shebang makes dist/cli.js executable; Node ignores it in the other files.
    // CommonJS dependencies bundled into ESM still call require() for Node built-ins.
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
});
