/** Where the built-in suite lives, from the source tree (vitest) and from the bundle (dist/) alike. */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const MARKER = join('scenarios', 'scenario.schema.json');

let cached: string | undefined;

/**
 * The repository's `scenarios/` folder: the first folder, walking up from this module, that holds
 * `scenarios/scenario.schema.json`. Throws when there is none (a broken install, not bad input).
 */
export function builtinScenariosDir(): string {
  if (cached !== undefined) return cached;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, MARKER))) {
      cached = join(dir, 'scenarios');
      return cached;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error(`the built-in scenarios were not found (no ${MARKER} above ${fileURLToPath(import.meta.url)})`);
}
