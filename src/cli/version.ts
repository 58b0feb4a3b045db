/**
 * The tool's version (`--version`): package.json's `version`. The build inlines that one string
 * (scripts/build.mjs, esbuild `define`), so the bundle carries nothing else of package.json; run
 * from the sources (vitest), it is read from the file.
 */
import { readFileSync } from 'node:fs';

declare const DELEGATION_BENCH_VERSION: string | undefined;

export function toolVersion(): string {
  if (typeof DELEGATION_BENCH_VERSION === 'string') return DELEGATION_BENCH_VERSION;
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  if (typeof pkg.version !== 'string') throw new Error('package.json has no version string');
  return pkg.version;
}
