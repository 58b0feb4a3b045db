/**
 * String sets as finite automata over Unicode scalar values (refa: intersection, complement,
 * emptiness). A string is the sequence of its code points, as the glob matcher reads it and as
 * RE2 matches it; lone surrogates cannot cross the wire (CBOR text is UTF-8), so every set here is
 * taken within the words of scalar values (UNIVERSE).
 *
 * Every operation is bounded: automata have at most MAX_NODES states (refa's limited node
 * factories), and a question at most MAX_OPERATIONS operations; past a bound, BoundError, which the
 * prover reports as "unproven", never as a proof.
 */
import { CharSet, DFA, NFA, TooManyNodesError, type Char, type ReadonlyDFA } from 'refa';
import { BenchError } from '../../lib/errors.js';

export const MAX_CHAR = 0x10ffff as Char;
/** States of one automaton, at most. */
export const MAX_NODES = 20_000;
/** Automaton operations per question, at most. */
export const MAX_OPERATIONS = 4_000;
/** Lengths followed when asking for a word of a length in a band, at most. */
export const MAX_LENGTH_STEPS = 4_096;

export class BoundError extends BenchError {
  override readonly name = 'BoundError';
  readonly code = 'containment_bound';
  readonly kind = 'harness' as const;
}

/** Work counter of one question. */
export class Work {
  operations = 0;
  tick(): void {
    if (++this.operations > MAX_OPERATIONS) throw new BoundError(`more than ${MAX_OPERATIONS} automaton operations`);
  }
}

const SURROGATES = CharSet.fromRange(MAX_CHAR, { min: 0xd800 as Char, max: 0xdfff as Char });
/** Every scalar value: any character a string on the wire can hold. */
export const SCALARS = CharSet.all(MAX_CHAR).without(SURROGATES);

function guarded<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TooManyNodesError) throw new BoundError(`an automaton over ${MAX_NODES} states`);
    throw e;
  }
}

const dfaFactory = (): DFA.LimitedNodeFactory => new DFA.LimitedNodeFactory(MAX_NODES);
const nfaFactory = (): NFA.LimitedNodeFactory => new NFA.LimitedNodeFactory(MAX_NODES);

function minimal(d: DFA): DFA {
  d.minimize();
  return d;
}

/** A machine given as states with ε-edges and character edges (state 0 is initial). */
export interface Machine {
  readonly size: number;
  readonly finals: ReadonlySet<number>;
  readonly eps: ReadonlyMap<number, readonly number[]>;
  readonly edges: readonly { readonly from: number; readonly to: number; readonly via: CharSet }[];
}

/** The machine as a minimal DFA (ε-edges removed by closure). */
export function machineDfa(machine: Machine, work: Work): DFA {
  work.tick();
  return guarded(() => {
    const closure = (s: number): Set<number> => {
      const seen = new Set([s]);
      const stack = [s];
      while (stack.length > 0) {
        for (const t of machine.eps.get(stack.pop()!) ?? []) {
          if (seen.has(t)) continue;
          seen.add(t);
          stack.push(t);
        }
      }
      return seen;
    };
    const out = new Map<number, { to: number; via: CharSet }[]>();
    for (const e of machine.edges) if (!e.via.isEmpty) (out.get(e.from) ?? out.set(e.from, []).get(e.from)!).push(e);
    const builder = new NFA.Builder(nfaFactory());
    const nodes = [builder.initial, ...Array.from({ length: machine.size - 1 }, () => builder.createNode())];
    for (let s = 0; s < machine.size; s++) {
      const c = closure(s);
      const via = new Map<number, CharSet>();
      for (const u of c) {
        if (machine.finals.has(u)) builder.makeFinal(nodes[s]!);
        for (const e of out.get(u) ?? []) via.set(e.to, via.has(e.to) ? via.get(e.to)!.union(e.via) : e.via);
      }
      for (const [to, cs] of via) builder.linkNodes(nodes[s]!, nodes[to]!, cs);
    }
    const nfa = NFA.fromBuilder(builder, { maxCharacter: MAX_CHAR });
    return minimal(DFA.fromFA(nfa, dfaFactory()));
  });
}

export function allStrings(): DFA {
  const d = DFA.fromCharSet(SCALARS);
  return guarded(() => {
    const nfa = NFA.fromFA(d);
    nfa.quantify(0, Infinity);
    return minimal(DFA.fromFA(nfa, dfaFactory()));
  });
}

export function noString(): DFA {
  return DFA.empty({ maxCharacter: MAX_CHAR });
}

export function codePoints(text: string): Char[] {
  return Array.from(text, (ch) => ch.codePointAt(0)! as Char);
}

export function wordsDfa(words: readonly string[], work: Work): DFA {
  work.tick();
  return guarded(() => minimal(DFA.fromWords(words.map(codePoints), { maxCharacter: MAX_CHAR }, dfaFactory())));
}

export function intersect(left: ReadonlyDFA, right: ReadonlyDFA, work: Work): DFA {
  work.tick();
  return guarded(() => minimal(DFA.fromIntersection(left, right, dfaFactory())));
}

export function union(left: ReadonlyDFA, right: ReadonlyDFA, work: Work): DFA {
  work.tick();
  return guarded(() => {
    const n = NFA.fromFA(left, nfaFactory());
    n.union(right, nfaFactory());
    return minimal(DFA.fromFA(n, dfaFactory()));
  });
}

/** The words of scalar values not in `dfa`. */
export function complement(dfa: ReadonlyDFA, universe: ReadonlyDFA, work: Work): DFA {
  work.tick();
  return guarded(() => {
    const c = dfa.copy(dfaFactory());
    c.complement(dfaFactory());
    return minimal(DFA.fromIntersection(c, universe, dfaFactory()));
  });
}

/** Nodes numbered from the initial one, with each node's edges (target, characters). */
function indexed(d: ReadonlyDFA): { finals: boolean[]; out: { to: number; via: CharSet }[][] } {
  const ids = new Map<DFA.ReadonlyNode, number>();
  const order: DFA.ReadonlyNode[] = [];
  const visit = (n: DFA.ReadonlyNode): number => {
    let id = ids.get(n);
    if (id === undefined) {
      id = order.length;
      ids.set(n, id);
      order.push(n);
    }
    return id;
  };
  visit(d.initial);
  const out: { to: number; via: CharSet }[][] = [];
  for (let i = 0; i < order.length; i++) {
    const edges: { to: number; via: CharSet }[] = [];
    const byTarget = new Map<DFA.ReadonlyNode, CharSet>();
    for (const [range, to] of order[i]!.out) {
      const cs = CharSet.fromRange(MAX_CHAR, range);
      byTarget.set(to, byTarget.has(to) ? byTarget.get(to)!.union(cs) : cs);
    }
    for (const [to, via] of byTarget) edges.push({ to: visit(to), via });
    out.push(edges);
  }
  return { finals: order.map((n) => d.finals.has(n as DFA.Node)), out };
}

/** A readable character of `cs`: a lower-case letter, a digit, a capital, else printable, else any. */
function pick(cs: CharSet): Char {
  for (const [lo, hi] of [
    [0x78, 0x78],
    [0x61, 0x7a],
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x21, 0x7e],
    [0xa1, 0xd7ff],
  ] as const) {
    const c = cs.commonCharacter({ min: lo as Char, max: hi as Char });
    if (c !== undefined) return c;
  }
  return cs.ranges[0]!.min;
}

/** A shortest word of `dfa`, or undefined when it has none. */
export function shortestWord(dfa: ReadonlyDFA): string | undefined {
  const { finals, out } = indexed(dfa);
  const prev = new Map<number, { from: number; ch: Char }>([[0, { from: -1, ch: 0 as Char }]]);
  const queue = [0];
  for (let qi = 0; qi < queue.length; qi++) {
    const s = queue[qi]!;
    if (finals[s]) {
      const chars: Char[] = [];
      for (let t = s; t !== 0; t = prev.get(t)!.from) chars.push(prev.get(t)!.ch);
      return String.fromCodePoint(...chars.reverse());
    }
    for (const e of out[s]!) {
      if (prev.has(e.to)) continue;
      prev.set(e.to, { from: s, ch: pick(e.via) });
      queue.push(e.to);
    }
  }
  return undefined;
}

/**
 * Whether `dfa` holds a word of `lo` to `hi` code points (hi may be Infinity). The sets of states
 * reached after n characters repeat from some n on; the answer follows from that cycle. A cycle not
 * found within MAX_LENGTH_STEPS lengths is a BoundError.
 */
export function hasWordOfLength(dfa: ReadonlyDFA, lo: number, hi: number): boolean {
  const { finals, out } = indexed(dfa);
  const seen = new Map<string, number>();
  const hits: boolean[] = [];
  let cur = [0];
  for (let n = 0; ; n++) {
    if (n > hi) return false;
    const key = cur.join(',');
    const first = seen.get(key);
    if (first !== undefined) {
      const period = n - first;
      for (let i = first; i < n; i++) {
        if (!hits[i]) continue;
        const k = Math.max(0, Math.ceil((lo - i) / period));
        if (i + k * period <= hi) return true;
      }
      return false;
    }
    seen.set(key, n);
    const hit = cur.some((s) => finals[s]);
    hits.push(hit);
    if (hit && n >= lo) return true;
    if (n >= MAX_LENGTH_STEPS) throw new BoundError(`word lengths past ${MAX_LENGTH_STEPS} without a cycle`);
    const next = new Set<number>();
    for (const s of cur) for (const e of out[s]!) next.add(e.to);
    cur = [...next].sort((a, b) => a - b);
    if (cur.length === 0) return false;
  }
}

/** Up to `limit` words of a finite `dfa` (undefined when it has more, or is infinite). */
export function finiteWords(dfa: ReadonlyDFA, limit: number): string[] | undefined {
  if (!dfa.isFinite) return undefined;
  const words: string[] = [];
  for (const w of dfa.words()) {
    if (words.length >= limit) return undefined;
    words.push(String.fromCodePoint(...w));
  }
  return words;
}
