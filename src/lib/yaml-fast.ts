/**
 * The positioned YAML tree's fast path: the tree built straight from `yaml`'s CST (its Parser's
 * tokens) for the plain subset scenario files are written in, without `yaml`'s Composer, Document
 * and node classes. Why by hand: in a CPU profile of a plain 1,000-scenario run, YAML took 14 % of
 * the run, and of it the Composer and the walk of its nodes about half (the CST parse the rest);
 * `yaml` has no lighter public way from tokens to values and ranges.
 *
 * It must give exactly what src/lib/yaml-tree.ts gives: the same values (scalars resolved by the
 * library's own core-schema tags and `CST.resolveAsScalar`, as the Composer resolves them) and the
 * same spans (the Composer's range rules, ported below with their names). Anything outside the
 * subset it handles exactly is declined (undefined), and the caller composes the same tokens the
 * usual way, which then reports whatever is wrong: anchors, aliases, tags, directives, `---`, `?`
 * keys, a second document, a byte order mark, tabs in indentation, an error token anywhere, any
 * error or warning from a scalar, duplicate or merge (`<<`) or null keys, pairs inside flow
 * sequences, a depth or a node count past the tree's bounds. test/lib/yaml-fast.test.ts compares
 * both paths over every YAML file of the repository and generated variants.
 */
import { CST, Schema, isScalar as isScalarNode } from 'yaml';
import { MAX_DEPTH, MAX_NODES } from './yaml-limits.js';
import type { PEntry, PNode, ScalarValue } from './yaml-types.js';

type Token = CST.Token;
type SourceToken = CST.SourceToken;

/** The tags `yaml` tries, in order, on a plain scalar of a YAML 1.2 document (core schema). */
const PLAIN_TAGS = new Schema({ resolveKnownTags: true, schema: 'core' }).tags.flatMap((tag) =>
  typeof tag === 'object' && 'test' in tag && tag.test !== undefined && tag.default === true ? [tag] : [],
);
/** parseYamlTree composes with intAsBigInt; the core tags read nothing else of the options. */
const RESOLVE_OPTIONS = { intAsBigInt: true };
const MERGE_KEY = '<<';

interface Built {
  readonly node: PNode;
  /** The Composer's range[2]: where the node ends with its trailing comments and line breaks. */
  readonly end: number;
}

/** The tree of a one-document token stream in the handled subset, or undefined (declined). */
export function treeFromTokens(tokens: readonly Token[]): PNode | undefined {
  let doc: CST.Document | undefined;
  for (const token of tokens) {
    if (token.type === 'document' && doc === undefined) doc = token;
    else if (token.type !== 'comment' && token.type !== 'newline' && token.type !== 'space') return undefined;
  }
  if (doc?.value === undefined || !trivia(doc.start, true) || (doc.end !== undefined && !trivia(doc.end, true))) return undefined;
  return new FastBuilder().build(doc.value, 0)?.node;
}

class FastBuilder {
  private nodes = 0;
  private scalarError = false;
  private readonly onScalarError = (): void => {
    this.scalarError = true;
  };

  build(token: Token, depth: number): Built | undefined {
    if (++this.nodes > MAX_NODES) return undefined;
    switch (token.type) {
      case 'scalar':
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
      case 'block-scalar':
        return this.scalar(token);
      case 'block-map':
        return depth + 1 > MAX_DEPTH ? undefined : this.blockMap(token, depth);
      case 'block-seq':
        return depth + 1 > MAX_DEPTH ? undefined : this.blockSeq(token, depth);
      case 'flow-collection':
        return depth + 1 > MAX_DEPTH ? undefined : this.flowCollection(token, depth);
      default:
        return undefined;
    }
  }

  /** composeScalar: the value by resolveFlowScalar/resolveBlockScalar, a plain one through the tags. */
  private scalar(token: CST.FlowScalar | CST.BlockScalar): Built | undefined {
    this.scalarError = false;
    const resolved = CST.resolveAsScalar(token, true, this.onScalarError);
    if (resolved === null || this.scalarError) return undefined;
    const value = token.type === 'scalar' ? resolvePlain(resolved.value) : resolved.value;
    const [start, end, nodeEnd] = resolved.range;
    return { node: { kind: 'scalar', value, span: { start, end } }, end: nodeEnd };
  }

  /** A key: an implicit one-line scalar whose value is text, a number or a boolean. */
  private key(token: Token | null | undefined, seen: Set<string>): { key: string; start: number; end: number } | undefined {
    if (token === null || token === undefined) return undefined;
    if (token.type !== 'scalar' && token.type !== 'single-quoted-scalar' && token.type !== 'double-quoted-scalar') return undefined;
    if (token.source.includes('\n') || token.end?.some((t) => t.type === 'newline')) return undefined; // MULTILINE_IMPLICIT_KEY
    const built = this.scalar(token);
    if (built === undefined || built.node.kind !== 'scalar') return undefined;
    const value = built.node.value;
    if (value === null || (token.type === 'scalar' && value === MERGE_KEY)) return undefined;
    const key = String(value);
    if (seen.has(key)) return undefined;
    seen.add(key);
    return { key, start: built.node.span.start, end: built.node.span.end };
  }

  /** resolveBlockMap, for implicit keys only. */
  private blockMap(map: CST.BlockMap, depth: number): Built | undefined {
    const entries: PEntry[] = [];
    const seen = new Set<string>();
    let offset = map.offset;
    let commentEnd: number | undefined;
    for (let i = 0; i < map.items.length; i++) {
      const { start, key, sep, value } = map.items[i]!;
      if (!trivia(start, true)) return undefined;
      const startEnd = endOf(start, offset);
      if (key === undefined && sep === undefined && value === undefined) {
        if (i !== map.items.length - 1) return undefined; // "Map comment with trailing content"
        commentEnd = startEnd;
        continue;
      }
      if (key === null || key === undefined || !('indent' in key) || key.indent !== map.indent || sep === undefined) return undefined;
      const k = this.key(key, seen);
      if (k === undefined || !valueSeparator(sep)) return undefined;
      if (startEnd < sep[0]!.offset - 1024) return undefined; // KEY_OVER_1024_CHARS
      const blockValue = value?.type === 'block-map' || value?.type === 'block-seq';
      if (blockValue && !sep.some((t) => t.type === 'newline')) return undefined; // a compact nested mapping
      const child = value === undefined ? this.empty(endOf(sep, 0), sep) : this.build(value, depth + 1);
      if (child === undefined) return undefined;
      offset = child.end;
      entries.push({ key: k.key, keySpan: { start: k.start, end: k.end }, value: child.node });
    }
    if (commentEnd && commentEnd < offset) return undefined;
    return { node: { kind: 'map', entries, span: { start: map.offset, end: offset } }, end: commentEnd ?? offset };
  }

  /** resolveBlockSeq. */
  private blockSeq(seq: CST.BlockSequence, depth: number): Built | undefined {
    const items: PNode[] = [];
    let offset = seq.offset;
    let commentEnd: number | undefined;
    for (const { start, value } of seq.items) {
      const indicator = propsWith(start, 'seq-item-ind', true);
      if (indicator === undefined) return undefined;
      const startEnd = endOf(start, offset);
      if (indicator < 0) {
        if (value !== undefined) return undefined; // "Sequence item without - indicator"
        commentEnd = startEnd;
        continue;
      }
      const child = value === undefined ? this.empty(startEnd, start) : this.build(value, depth + 1);
      if (child === undefined) return undefined;
      offset = child.end;
      items.push(child.node);
    }
    return { node: { kind: 'seq', items, span: { start: seq.offset, end: offset } }, end: commentEnd ?? offset };
  }

  /** resolveFlowCollection, without `?` keys and without pairs inside sequences. */
  private flowCollection(flow: CST.FlowCollection, depth: number): Built | undefined {
    const isMap = flow.start.source === '{';
    const entries: PEntry[] = [];
    const items: PNode[] = [];
    const seen = new Set<string>();
    let offset = flow.offset + flow.start.source.length;
    for (let i = 0; i < flow.items.length; i++) {
      const { start, key, sep, value } = flow.items[i]!;
      const comma = propsWith(start, 'comma', false);
      if (comma === undefined) return undefined;
      if (key === undefined && sep === undefined && value === undefined) {
        // A trailing comma is fine; an empty item elsewhere, or a leading comma, is an error.
        if ((i === 0 && comma >= 0) || i < flow.items.length - 1) return undefined;
        offset = endOf(start, offset);
        continue;
      }
      if ((i === 0) !== comma < 0) return undefined; // "Unexpected ," or "Missing , between items"
      if (isBlock(key) || isBlock(value)) return undefined; // BLOCK_IN_FLOW
      let child: Built | undefined;
      if (!isMap) {
        if (key !== undefined || sep !== undefined || value === undefined) return undefined;
        child = this.build(value, depth + 1);
        if (child !== undefined) items.push(child.node);
      } else {
        if (sep === undefined || !valueSeparator(sep)) return undefined;
        const k = this.key(key, seen);
        if (k === undefined) return undefined;
        child = value === undefined ? this.empty(endOf(sep, 0), sep) : this.build(value, depth + 1);
        if (child !== undefined) entries.push({ key: k.key, keySpan: { start: k.start, end: k.end }, value: child.node });
      }
      if (child === undefined) return undefined;
      offset = child.end;
    }
    const [close, ...rest] = flow.end;
    if (close?.source !== (isMap ? '}' : ']') || !trivia(rest, false)) return undefined;
    const closeEnd = close.offset + close.source.length;
    const span = { start: flow.offset, end: closeEnd };
    const node: PNode = isMap ? { kind: 'map', entries, span } : { kind: 'seq', items, span };
    return { node, end: endOf(rest, closeEnd) };
  }

  /** composeEmptyNode: a null where a value is left out, placed as emptyScalarPosition places it. */
  private empty(propsEnd: number, before: readonly SourceToken[]): Built | undefined {
    if (++this.nodes > MAX_NODES) return undefined;
    const at = emptyScalarPosition(propsEnd, before);
    const commented = before.some((t) => t.type === 'comment');
    return { node: { kind: 'scalar', value: null, span: { start: at, end: at } }, end: commented ? propsEnd : at };
  }
}

/** findScalarTagByTest + the tag's resolve: the first core tag whose test matches, else text. */
function resolvePlain(source: string): ScalarValue {
  for (const tag of PLAIN_TAGS) {
    if (!tag.test!.test(source)) continue;
    const resolved = tag.resolve(source, () => undefined, RESOLVE_OPTIONS);
    return (isScalarNode(resolved) ? resolved.value : resolved) as ScalarValue;
  }
  return source;
}

function isBlock(token: Token | null | undefined): boolean {
  return token?.type === 'block-map' || token?.type === 'block-seq';
}

/** A `:` first, then white space and comments (resolveProps with the map-value-ind indicator). */
function valueSeparator(sep: readonly SourceToken[]): boolean {
  return sep[0]?.type === 'map-value-ind' && propsWith(sep, 'map-value-ind', false) === 0;
}

/**
 * The props resolveProps accepts without a word, with at most one `indicator`: its index, -1 when
 * absent, undefined to decline. White space holds no tab (yaml's TAB_AS_INDENT checks); a comment
 * follows white space in the same list, or opens a list that starts on a new line (MISSING_CHAR).
 */
function propsWith(tokens: readonly Token[], indicator: SourceToken['type'], startOnNewline: boolean): number | undefined {
  let found = -1;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === indicator) {
      if (found >= 0) return undefined;
      found = i;
    } else if (!triviaAt(tokens, i, startOnNewline)) return undefined;
  }
  return found;
}

function trivia(tokens: readonly Token[], startOnNewline: boolean): boolean {
  for (let i = 0; i < tokens.length; i++) if (!triviaAt(tokens, i, startOnNewline)) return false;
  return true;
}

function triviaAt(tokens: readonly Token[], i: number, startOnNewline: boolean): boolean {
  const token = tokens[i]!;
  if (token.type === 'newline') return true;
  if (token.type === 'space') return !token.source.includes('\t');
  if (token.type !== 'comment') return false;
  const before = tokens[i - 1];
  return before === undefined ? startOnNewline : before.type === 'space' || before.type === 'newline';
}

/** resolveProps' `end`: after the last token, or `offset` when there is none. */
function endOf(tokens: readonly Token[], offset: number): number {
  const last = tokens[tokens.length - 1];
  return last === undefined ? offset : last.offset + ('source' in last ? last.source.length : 0);
}

/** yaml's emptyScalarPosition, ported: after the last token that is not white space or a comment. */
function emptyScalarPosition(offset: number, before: readonly SourceToken[]): number {
  for (let i = before.length - 1; i >= 0; --i) {
    let token = before[i];
    if (token!.type === 'space' || token!.type === 'comment' || token!.type === 'newline') {
      offset -= token!.source.length;
      continue;
    }
    token = before[++i];
    while (token?.type === 'space') {
      offset += token.source.length;
      token = before[++i];
    }
    break;
  }
  return offset;
}
