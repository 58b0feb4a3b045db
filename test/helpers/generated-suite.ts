/** A suite of `count` copies of the built-in scenarios under new names, in a new temporary folder. */
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** Copy i is built-in i mod 8, named `<name>_<i>`, in `s<i>.yaml`; `edit` may change its text. */
export function generateSuite(count: number, edit: (text: string, i: number) => string = (t) => t): string {
  const dir = mkdtempSync(join(tmpdir(), 'db-suite-'));
  const builtins = readdirSync(join(ROOT, 'scenarios'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => readFileSync(join(ROOT, 'scenarios', f), 'utf8').replace(/^# yaml-language-server:.*\n/m, ''));
  for (let i = 0; i < count; i++) {
    const id = String(i).padStart(4, '0');
    const text = builtins[i % builtins.length]!.replace(/^name:\s*([a-z0-9_-]+)/m, (_m, n: string) => `name: ${n}_${id}`);
    writeFileSync(join(dir, `s${id}.yaml`), edit(text, i));
  }
  return dir;
}
