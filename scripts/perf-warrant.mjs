// `npm run perf:warrant`: bundles scripts/perf-warrant.ts with esbuild into a temporary folder (never
// committed) and runs it in a fresh Node process. Not part of `npm test`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'perf-warrant-'));
try {
  const outfile = join(dir, 'perf-warrant.mjs');
  await build({
    entryPoints: [join(root, 'scripts/perf-warrant.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
  });
  const run = spawnSync(process.execPath, [outfile], { stdio: 'inherit' });
  process.exitCode = run.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
