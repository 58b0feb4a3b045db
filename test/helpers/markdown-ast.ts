/**
 * The report's markdown as a GFM parser reads it (micromark: CommonMark plus GFM tables, as
 * GitHub's cmark-gfm splits table rows), for tests that check what a reader sees and copies.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

export function parseMarkdown(md: string): MdNode {
  return fromMarkdown(md, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] }) as MdNode;
}

function collect(node: MdNode, type: string, out: string[]): string[] {
  if (node.type === type && node.value !== undefined) out.push(node.value);
  for (const c of node.children ?? []) collect(c, type, out);
  return out;
}

/** The text of every inline code span, in document order: what a reader copies. */
export function codeSpans(md: string | MdNode): string[] {
  return collect(typeof md === 'string' ? parseMarkdown(md) : md, 'inlineCode', []);
}

/** Every raw HTML node (block or inline): what GitHub would treat as HTML, comments included. */
export function htmlNodes(md: string): string[] {
  return collect(parseMarkdown(md), 'html', []);
}

/** The cells' code spans of every table row, by row. */
export function tableCodeSpans(md: string): string[][] {
  const rows: string[][] = [];
  const walk = (n: MdNode): void => {
    if (n.type === 'tableRow') rows.push(codeSpans(n));
    else for (const c of n.children ?? []) walk(c);
  };
  walk(parseMarkdown(md));
  return rows;
}
