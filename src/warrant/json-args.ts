/**
 * Tool-call arguments as JSON text → warrant values, keeping int and float apart: `JSON.parse`
 * turns `1.0` into `1`, losing the distinction the PoP signature and the constraints see (Python's
 * `json.loads`, which the reference's agents use, keeps it). Used by the CLI's `--args` and by
 * LLM mode for the model's tool-call arguments. Bounded in size and depth.
 */
import { Float, type Args, type Value } from './constraint-value.js';
import { BenchError } from '../lib/errors.js';

/** The text is not a JSON object of arguments; the message names the position. */
export class JsonArgsError extends BenchError {
  override readonly name = 'JsonArgsError';
  readonly kind = 'input' as const;
  readonly code = 'malformed_arguments';
}

const MAX_ARGS_DEPTH = 32;
const MAX_ARGS_CHARS = 1024 * 1024;
const I64_MIN = -(2n ** 63n);
const I64_MAX = 2n ** 63n - 1n;

/**
 * A strict JSON parser that sees each number's text: `JSON.parse` turns `1.0` into `1`, losing the
 * float/int distinction the PoP signature covers. Objects get a null prototype, so `__proto__`
 * is an ordinary key.
 */
class ArgsParser {
  #i = 0;
  constructor(
    readonly text: string,
    private readonly typedMarkers: boolean,
  ) {}

  fail(what: string): never {
    throw new JsonArgsError(`${what} at position ${this.#i + 1}`);
  }

  parse(): Args {
    this.#ws();
    if (this.text[this.#i] !== '{') this.fail('expected a JSON object of argument names to values');
    const v = this.#value(0);
    this.#ws();
    if (this.#i !== this.text.length) this.fail('unexpected text after the JSON value');
    return v as Args;
  }

  #ws(): void {
    while (this.#i < this.text.length && ' \t\n\r'.includes(this.text[this.#i]!)) this.#i++;
  }

  #value(depth: number): Value {
    if (depth > MAX_ARGS_DEPTH) this.fail(`nesting deeper than ${MAX_ARGS_DEPTH}`);
    this.#ws();
    const c = this.text[this.#i];
    if (c === '{') return this.#object(depth);
    if (c === '[') return this.#array(depth);
    if (c === '"') return this.#string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return this.#number();
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, this.#i)) {
        this.#i += word.length;
        return v;
      }
    }
    return this.fail(c === undefined ? 'unexpected end of input' : `unexpected ${JSON.stringify(c)}`);
  }

  #object(depth: number): Value {
    this.#i++; // {
    const out = Object.create(null) as Record<string, Value>;
    this.#ws();
    if (this.text[this.#i] === '}') {
      this.#i++;
      return out;
    }
    for (;;) {
      this.#ws();
      if (this.text[this.#i] !== '"') this.fail('expected a string key');
      const k = this.#string();
      if (Object.prototype.hasOwnProperty.call(out, k)) this.fail(`duplicate key ${JSON.stringify(k)}`);
      this.#ws();
      if (this.text[this.#i] !== ':') this.fail("expected ':'");
      this.#i++;
      out[k] = this.#value(depth + 1);
      this.#ws();
      const c = this.text[this.#i++];
      if (c === '}') break;
      if (c !== ',') this.fail("expected ',' or '}'");
    }
    return this.typedMarkers ? typed(out, (m) => this.fail(m)) : out;
  }

  #array(depth: number): Value {
    this.#i++; // [
    const out: Value[] = [];
    this.#ws();
    if (this.text[this.#i] === ']') {
      this.#i++;
      return out;
    }
    for (;;) {
      out.push(this.#value(depth + 1));
      this.#ws();
      const c = this.text[this.#i++];
      if (c === ']') return out;
      if (c !== ',') this.fail("expected ',' or ']'");
    }
  }

  #string(): string {
    const start = this.#i;
    this.#i++; // opening quote
    for (;;) {
      const c = this.text[this.#i];
      if (c === undefined) this.fail('unterminated string');
      if (c === '"') break;
      if (c === '\\') this.#i++;
      else if (c < ' ') this.fail('control character in a string');
      this.#i++;
    }
    this.#i++;
    try {
      // Escapes are JSON's own; JSON.parse of one string literal decodes them exactly.
      return JSON.parse(this.text.slice(start, this.#i)) as string;
    } catch {
      return this.fail('invalid escape in a string');
    }
  }

  #number(): Value {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(this.text.slice(this.#i, this.#i + 400));
    if (m === null) this.fail('invalid number');
    this.#i += m[0].length;
    if (m[2] !== undefined || m[3] !== undefined) return floatOf(Number(m[0]), (msg) => this.fail(msg));
    return intOf(m[0], (msg) => this.fail(msg));
  }
}

function floatOf(x: number, fail: (m: string) => never): Float {
  if (!Number.isFinite(x)) fail('a float beyond the f64 range');
  return new Float(x);
}

function intOf(text: string, fail: (m: string) => never): number | bigint {
  const n = Number(text);
  if (Number.isSafeInteger(n)) return n === 0 ? 0 : n; // -0 is the int 0
  const big = BigInt(text);
  if (big < I64_MIN || big > I64_MAX) fail(`integer ${text} is outside the i64 range`);
  return big;
}

/** `{"$float": N}` → a float; `{"$int": "…"}` → an int (describeValue's conventions). */
function typed(o: Record<string, Value>, fail: (m: string) => never): Value {
  const keys = Object.keys(o);
  if (keys.length !== 1) return o;
  if (keys[0] === '$float') {
    const v = o.$float;
    if (v instanceof Float) return v;
    if (typeof v === 'number') return new Float(v);
    if (typeof v === 'bigint') return floatOf(Number(v), fail);
    return fail('{"$float": …} needs a number');
  }
  if (keys[0] === '$int') {
    const v = o.$int;
    if (typeof v === 'string' && /^-?(0|[1-9]\d*)$/.test(v)) return intOf(v, fail);
    if (typeof v === 'number' || typeof v === 'bigint') return v;
    return fail('{"$int": …} needs an integer or a string of digits');
  }
  return o;
}

export interface JsonArgsOptions {
  /** Read `{"$float": N}` / `{"$int": "…"}` as typed numbers (the CLI's convention); else plain maps. */
  typedMarkers: boolean;
}

/** A JSON object of argument names to values, numbers typed by their text. Throws JsonArgsError. */
export function parseJsonArgs(text: string, options: JsonArgsOptions): Args {
  if (text.length > MAX_ARGS_CHARS) throw new JsonArgsError(`longer than ${MAX_ARGS_CHARS} characters`);
  return new ArgsParser(text, options.typedMarkers).parse();
}
