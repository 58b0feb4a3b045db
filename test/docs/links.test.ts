/**
 * Every relative link of the user's documentation resolves: README.md, ARCHITECTURE.md and
 * docs/*.md may only point at files that exist, and every `#anchor` at a heading of its target
 * (GitHub's slugs: lower case, punctuation dropped, spaces to `-`, repeats numbered).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const DOCS = [
  'README.md',
  'ARCHITECTURE.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown without fenced code blocks and code spans, where `[x](y)` is text, not a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`+[^`\n]*`+/g, '');
}

/** GitHub's anchor for a heading text. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

function links(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
}

describe('documentation links', () => {
  it('finds the documents it checks', () => {
    expect(DOCS).toEqual(expect.arrayContaining(['docs/scenarios.md', 'docs/effects.md', 'docs/results.md', 'docs/cli.md']));
  });

  it.each(DOCS)('%s: every relative link names an existing file and heading', (doc) => {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    const broken: string[] = [];
    for (const target of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
      const [path, anchor] = target.split('#', 2) as [string, string | undefined];
      const file = path === '' ? join(ROOT, doc) : resolve(dirname(join(ROOT, doc)), decodeURI(path));
      if (relative(ROOT, file).startsWith('..') || !existsSync(file)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      if (statSync(file).isDirectory() || !file.endsWith('.md')) {
        broken.push(`${target}: an anchor into a file that has no headings`);
        continue;
      }
      if (!anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${target}: no heading '#${anchor}'`);
    }
    expect(broken).toEqual([]);
  });
});

describe('slug', () => {
  it('makes the anchors GitHub makes', () => {
    expect(slug('Policy analysis: warrant mutants, coverage, slack')).toBe('policy-analysis-warrant-mutants-coverage-slack');
    expect(slug('warrant decode and verify')).toBe('warrant-decode-and-verify');
    expect(slug('The `baseline` guard')).toBe('the-baseline-guard');
    expect(slug('Probes: the policy holes the scripted attacks miss')).toBe('probes-the-policy-holes-the-scripted-attacks-miss');
  });
});
