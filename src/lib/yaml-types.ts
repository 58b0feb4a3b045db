// The positioned YAML tree's node types, in a file of their own: both ways of building the tree
// (src/lib/yaml-tree.ts and its fast path, src/lib/yaml-fast.ts) produce them, and every reader
// imports them from yaml-tree.ts, which re-exports them.

/** Source offsets (UTF-16 code units) of a node: [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * A scalar as YAML 1.2 (core schema) resolves it. Integers are `bigint` (parsed with intAsBigInt,
 * so that `1` and `1.0` stay distinguishable and large ids stay exact); numbers written with a
 * fraction or exponent are `number`.
 */
export type ScalarValue = string | bigint | number | boolean | null;

export interface PScalar {
  readonly kind: 'scalar';
  readonly value: ScalarValue;
  readonly span: Span;
}

export interface PEntry {
  readonly key: string;
  readonly keySpan: Span;
  readonly value: PNode;
}

export interface PMap {
  readonly kind: 'map';
  readonly entries: readonly PEntry[];
  readonly span: Span;
}

export interface PSeq {
  readonly kind: 'seq';
  readonly items: readonly PNode[];
  readonly span: Span;
}

export type PNode = PScalar | PMap | PSeq;

/** A problem located by source offset; the loader turns offsets into line and column. */
export interface OffsetProblem {
  readonly offset: number;
  readonly message: string;
}

export interface ParsedTree {
  /** Undefined when the text is not valid YAML (then `problems` says why). */
  readonly root: PNode | undefined;
  readonly problems: readonly OffsetProblem[];
  readonly linePos: (offset: number) => { line: number; col: number };
}
