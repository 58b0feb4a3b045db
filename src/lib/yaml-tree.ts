/**
 * YAML text → a small positioned tree (maps, lists, scalars) that the schema interpreter, the
 * scenario builder and the `tenuo.yaml` reader walk. Built from `yaml`'s document AST so that every
 * node keeps its source range; aliases are resolved here, under a node budget and a depth bound, so
 * that neither a "billion laughs" file nor a deeply nested one can make a reader hang or overflow
 * the stack.
 */
import { Composer, LineCounter, Parser, YAMLParseError, isAlias, isMap, isScalar, isSeq } from 'yaml';
import type { CST, Document, Node as YamlNode, ScalarTag, Tags } from 'yaml';
import { BenchError } from './errors.js';
import { nestingTooDeep } from './yaml-nesting.js';

import { MAX_DEPTH, MAX_NODES } from './yaml-limits.js';

export { MAX_DEPTH, MAX_NODES };

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

/**
 * Thrown inside the builder to stop at the first exceeded bound; one message is enough. Caught by
 * parseYamlTree, which returns it as a problem: it never leaves this file.
 */
class YamlTreeAbort extends BenchError {
  override readonly name = 'YamlTreeAbort';
  readonly code = 'yaml_bound_exceeded';
  readonly kind = 'input';
  constructor(readonly problem: OffsetProblem) {
    super(problem.message);
  }
}

interface Built {
  readonly node: PNode;
  readonly size: number; // nodes, aliases expanded
  readonly height: number; // collection nesting levels, aliases expanded
}

const MERGE_KEY = '<<';
const MERGE_KEY_MESSAGE =
  "'<<' is a YAML merge key, which scenario files do not support (they are YAML 1.2): write the keys out in this map (an alias such as *name may still stand for a whole value)";

const MULTIPLE_DOCS_MESSAGE =
  'a second YAML document starts here; a scenario file holds exactly one scenario (move each document after a `---` into a file of its own)';

/**
 * How scalars resolve: `yaml-1.2` (the core schema, scenarios) or `pyyaml` (YAML 1.1 as PyYAML's
 * `safe_load` reads it, for files a Python tool reads: `no`/`off` are false, `0443` is octal).
 */
export type YamlDialect = 'yaml-1.2' | 'pyyaml';

/** PyYAML's booleans: YAML 1.1's without the one-letter `y`/`n` forms, which stay text. */
const PYYAML_TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const PYYAML_FALSE = /^(?:no|No|NO|false|False|FALSE|off|Off|OFF)$/;
/** PyYAML's decimal int: no leading zero (`09` is text, `0755` octal). */
const PYYAML_DECIMAL = /^[-+]?(?:0|[1-9][0-9_]*)$/;
/** PyYAML's float: a digit beside the dot, an exponent only after a dot and with a sign (`1e5` is text). */
const PYYAML_FLOAT = /^(?:[-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?)$/;
const NEVER = /^(?!)/;

/** yaml's YAML 1.1 tags, resolved as PyYAML resolves plain scalars. */
function pyyamlTags(tags: Tags): Tags {
  return tags.map((t) => {
    if (!isScalarTag(t) || t.test === undefined) return t;
    if (t.tag === 'tag:yaml.org,2002:bool') return { ...t, test: t.identify?.(true) ? PYYAML_TRUE : PYYAML_FALSE };
    if (t.tag === 'tag:yaml.org,2002:int' && t.format === undefined) return { ...t, test: PYYAML_DECIMAL };
    if (t.tag === 'tag:yaml.org,2002:float' && t.format === 'EXP') return { ...t, test: NEVER };
    if (t.tag === 'tag:yaml.org,2002:float' && t.format === undefined && !t.test.source.includes('inf'))
      return { ...t, test: PYYAML_FLOAT };
    return t;
  });
}

function isScalarTag(t: Tags[number]): t is ScalarTag {
  return typeof t === 'object' && 'test' in t;
}

/** The YAML version each dialect reads, whatever a `%YAML 1.x` directive in the file says. */
const PINNED_VERSION = { 'yaml-1.2': '1.2', pyyaml: '1.1' } as const;

/** `%YAML MAJOR.MINOR`, as the lexer hands a directive line over (its comment already split off). */
const YAML_DIRECTIVE = /^%YAML([ \t]+)(\d+)\.(\d+)([ \t]*)$/;

/**
 * `yaml`'s parseDocument, with every `%YAML 1.x` directive pinned to the dialect's version. Left
 * alone, `yaml` lets the directive choose the schema, so `%YAML 1.2` atop a policy would make
 * `0443` read 443 where PyYAML (which keeps its 1.1 resolver for any 1.x and refuses 2.x) reads
 * 291, and `%YAML 1.1` atop a scenario would make `yes` a boolean. A second `%YAML` before one
 * document, which PyYAML refuses, is refused here in both dialects; another major version stays
 * `yaml`'s "Unsupported YAML version" warning, which the caller refuses as PyYAML does.
 */
function composeFirstDocument(text: string, lineCounter: LineCounter, dialect: YamlDialect, problems: OffsetProblem[]): Document.Parsed {
  const composer = new Composer({
    prettyErrors: false, // we position messages ourselves, one line each
    intAsBigInt: true,
    uniqueKeys: true,
    strict: true,
    ...(dialect === 'pyyaml' ? { version: '1.1' as const, customTags: pyyamlTags } : { version: '1.2' as const }),
  });
  const tokens = pinYamlDirectives(new Parser(lineCounter.addNewLine).parse(text), PINNED_VERSION[dialect], problems);
  let first: Document.Parsed | undefined;
  // As parseDocument does: the first document, and an error where a second one starts.
  for (const doc of composer.compose(tokens, true, text.length)) {
    if (first === undefined) first = doc;
    else {
      first.errors.push(new YAMLParseError([doc.range[0], doc.range[1]], 'MULTIPLE_DOCS', MULTIPLE_DOCS_MESSAGE));
      break;
    }
  }
  return first!;
}

function* pinYamlDirectives(tokens: Iterable<CST.Token>, version: string, problems: OffsetProblem[]): Generator<CST.Token> {
  let seen = false;
  for (const token of tokens) {
    if (token.type === 'document') seen = false;
    if (token.type !== 'directive') {
      yield token;
      continue;
    }
    const m = YAML_DIRECTIVE.exec(token.source);
    if (m === null) {
      yield token;
      continue;
    }
    if (seen)
      problems.push({
        offset: token.offset,
        message: 'a second %YAML directive for the same document (YAML allows one; PyYAML refuses the file): keep one',
      });
    seen = true;
    yield Number(m[2]) === 1 ? { ...token, source: `%YAML${m[1]}${version}${m[4]}` } : token;
  }
}

export function parseYamlTree(text: string, dialect: YamlDialect = 'yaml-1.2'): ParsedTree {
  const lineCounter = new LineCounter();
  const linePos = (offset: number) => lineCounter.linePos(offset);
  // The pre-pass decides every file that could nest past its bound: yaml's own stack overflow
  // happens at a depth that depends on the thread's stack and the JIT's frames, so where it is
  // reported would differ between 1 and N threads. Small files that cannot reach the bound skip it
  // (it lexes the whole file: about as much as yaml's own lexing).
  const deep = text.length >= PREPASS_MIN_CHARS || mayNestPast(text, 4 * MAX_DEPTH) ? nestingTooDeep(text, 4 * MAX_DEPTH) : undefined;
  if (deep !== undefined) {
    lineCounter.addNewLine(0);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) lineCounter.addNewLine(i + 1);
    return { root: undefined, problems: [{ offset: deep, message: tooDeepMessage() }], linePos };
  }
  let doc;
  const directives: OffsetProblem[] = [];
  try {
    doc = composeFirstDocument(text, lineCounter, dialect, directives);
  } catch (e) {
    // yaml reports its own stack overflows as errors; this is the belt to those braces.
    if (e instanceof RangeError) return { root: undefined, problems: [{ offset: 0, message: tooDeepMessage() }], linePos };
    throw e;
  }
  const problems: OffsetProblem[] = [...directives];
  for (const e of doc.errors) {
    const overflow = e.message.includes('Maximum call stack size exceeded');
    if (e.code === 'MULTIPLE_DOCS') {
      // yaml's own words name an API; the user needs to know what to do with the file.
      problems.push({ offset: e.pos[0], message: MULTIPLE_DOCS_MESSAGE });
      continue;
    }
    problems.push({ offset: e.pos[0], message: overflow ? tooDeepMessage() : `YAML syntax error: ${firstLine(e.message)}` });
    if (overflow) return { root: undefined, problems: [problems[problems.length - 1]!], linePos };
  }
  // Warnings (an unknown tag such as `!!binary`, ...) would silently change a value's meaning.
  for (const w of doc.warnings) problems.push({ offset: w.pos[0], message: `YAML: ${firstLine(w.message)}` });
  if (problems.length > 0) return { root: undefined, problems, linePos };

  const builder = new Builder();
  try {
    const contents = doc.contents as YamlNode | null;
    const root =
      contents === null
        ? ({ kind: 'scalar', value: null, span: { start: 0, end: 0 } } satisfies PScalar)
        : builder.build(contents, 0)?.node;
    problems.push(...builder.problems);
    return { root: builder.problems.length > 0 ? undefined : root, problems, linePos };
  } catch (e) {
    if (e instanceof YamlTreeAbort) return { root: undefined, problems: [...builder.problems, e.problem], linePos };
    throw e;
  }
}

class Builder {
  readonly problems: OffsetProblem[] = [];
  private nodes = 0;
  /** Anchor name → the node it was last set on, in document order (YAML's rule). */
  private readonly anchors = new Map<string, YamlNode>();
  private readonly done = new Map<YamlNode, Built>();
  private readonly open = new Set<YamlNode>();

  build(n: YamlNode, depth: number): Built | undefined {
    const start = n.range?.[0] ?? 0;
    if (isAlias(n)) {
      const target = this.anchors.get(n.source);
      if (target === undefined) {
        this.problems.push({ offset: start, message: `unknown alias '*${n.source}' (define the anchor '&${n.source}' before using it)` });
        return undefined;
      }
      if (this.open.has(target)) {
        this.problems.push({ offset: start, message: `alias '*${n.source}' refers to a node that contains it` });
        return undefined;
      }
      const built = this.done.get(target);
      if (built === undefined) return undefined; // the anchored node itself was reported
      this.count(built.size, start);
      if (depth + built.height > MAX_DEPTH) this.tooDeep(start);
      return built;
    }
    if (n.anchor !== undefined) {
      this.anchors.set(n.anchor, n);
      this.open.add(n);
    }
    this.count(1, start);
    const span: Span = { start, end: n.range?.[1] ?? start };
    let built: Built | undefined;
    if (isScalar(n)) {
      const v: unknown = n.value;
      if (v !== null && typeof v === 'object') {
        // A tag such as !!binary or !!set builds an object that no scenario field can hold.
        this.problems.push({
          offset: start,
          message: `unsupported YAML value${n.tag ? ` (tag ${n.tag})` : ''}: use plain strings, numbers, booleans, lists and maps`,
        });
      } else {
        built = { node: { kind: 'scalar', value: v as ScalarValue, span }, size: 1, height: 0 };
      }
    } else if (isMap(n)) {
      if (depth + 1 > MAX_DEPTH) this.tooDeep(start);
      const entries: PEntry[] = [];
      const seen = new Set<string>();
      let size = 1;
      let height = 1;
      let ok = true;
      for (const pair of n.items) {
        const k = pair.key as YamlNode | null;
        const keyStart = k?.range?.[0] ?? start;
        const keySpan: Span = { start: keyStart, end: k?.range?.[1] ?? keyStart };
        let key: string | undefined;
        if (k !== null && isScalar(k) && k.type === 'PLAIN' && k.value === MERGE_KEY) {
          // YAML 1.1's merge key is no part of YAML 1.2: read as a plain key, it would only show as
          // an unknown key and as the keys it was meant to bring in missing.
          this.problems.push({ offset: keyStart, message: MERGE_KEY_MESSAGE });
          ok = false;
          continue;
        }
        if (k !== null && isScalar(k) && k.value !== null && typeof k.value !== 'object') {
          key = String(k.value);
        } else {
          this.problems.push({ offset: keyStart, message: 'map keys must be plain text' });
          ok = false;
        }
        if (key !== undefined && seen.has(key)) {
          this.problems.push({ offset: keyStart, message: `duplicate key '${key}'` });
          ok = false;
        }
        if (key !== undefined) seen.add(key);
        const v = pair.value as YamlNode | null;
        const child =
          v === null
            ? { node: { kind: 'scalar', value: null, span: { start: keySpan.end, end: keySpan.end } } as PScalar, size: 1, height: 0 }
            : this.build(v, depth + 1);
        if (child === undefined || key === undefined) {
          ok = false;
          continue;
        }
        size += child.size;
        height = Math.max(height, child.height + 1);
        entries.push({ key, keySpan, value: child.node });
      }
      built = ok ? { node: { kind: 'map', entries, span }, size, height } : undefined;
    } else if (isSeq(n)) {
      if (depth + 1 > MAX_DEPTH) this.tooDeep(start);
      const items: PNode[] = [];
      let size = 1;
      let height = 1;
      let ok = true;
      for (const item of n.items) {
        const child =
          item === null
            ? { node: { kind: 'scalar', value: null, span } as PScalar, size: 1, height: 0 }
            : this.build(item as YamlNode, depth + 1);
        if (child === undefined) {
          ok = false;
          continue;
        }
        size += child.size;
        height = Math.max(height, child.height + 1);
        items.push(child.node);
      }
      built = ok ? { node: { kind: 'seq', items, span }, size, height } : undefined;
    } else {
      this.problems.push({ offset: start, message: 'unsupported YAML node' });
    }
    if (n.anchor !== undefined) {
      this.open.delete(n);
      if (built !== undefined) this.done.set(n, built);
    }
    return built;
  }

  private count(size: number, offset: number): void {
    this.nodes += size;
    if (this.nodes > MAX_NODES) {
      throw new YamlTreeAbort({
        offset,
        message: `too many YAML nodes after expanding aliases (more than ${MAX_NODES}); the file is refused`,
      });
    }
  }

  private tooDeep(offset: number): never {
    throw new YamlTreeAbort({ offset, message: tooDeepMessage() });
  }
}

const PREPASS_MIN_CHARS = 16 * 1024;

/**
 * Whether the pre-pass's estimate (yaml-nesting.ts: open flow brackets, block indentation levels,
 * `-`/`?` indicators on a line) could exceed `bound`: each level needs a `[`, `{`, `-` or `?`, or
 * one more column of indentation, so their counts plus the widest indentation bound the estimate
 * from above. One pass over the characters, no lexing.
 */
function mayNestPast(text: string, bound: number): boolean {
  let units = 0;
  let indent = 0;
  let widest = 0;
  let lineStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) {
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && (c === 0x20 || c === 0x09)) {
      if (++indent > widest) widest = indent;
      continue;
    }
    lineStart = false;
    if (c === 0x5b || c === 0x7b || c === 0x2d || c === 0x3f) units++; // [ { - ?
  }
  return units + widest + 1 > bound;
}

function tooDeepMessage(): string {
  return `YAML nesting deeper than ${MAX_DEPTH} levels; the file is refused`;
}

function firstLine(message: string): string {
  const nl = message.indexOf('\n');
  return (nl < 0 ? message : message.slice(0, nl)).trim();
}
