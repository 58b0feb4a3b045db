/**
 * One prose escaper (issue 23): the characters a markdown page shows as `\uXXXX` instead of
 * rendering them (bidirectional controls, zero-width and C1 characters) are listed, and written,
 * in one file, src/lib/prose-escape.ts, which the run's report and the import's README both use.
 * A second copy could drift from it: a character added to one list would still reorder or hide
 * text on the other page.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const HOME = 'src/lib/prose-escape.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** What a copy of the escaper would hold: the bidirectional isolates' range, or code writing `\uXXXX` for a character. */
// (The console's own escaper, lib/control-chars.ts, writes `\xNN` for a terminal: another page, another form.)
const COPY = [/\\u2066-\\u2069/i, /`\\\\u\$\{[^`]*padStart\(4/];

describe('one prose escaper', () => {
  it(`only ${HOME} lists the characters prose shows as \\uXXXX, or writes them so`, () => {
    const holders = sourceFiles(join(ROOT, 'src'))
      .map((file) => ({ path: relative(ROOT, file).split('\\').join('/'), text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => COPY.some((pattern) => pattern.test(text)))
      .map(({ path }) => path);
    expect(holders).toEqual([HOME]);
  });
});
