/**
 * How deeply a command line nests, measured before the shell parser sees it. The parser (mvdan/sh
 * compiled to JavaScript) recurses once or more per level of nesting, and a thread's stack decides
 * where it overflows: the main thread overflows on about 120 nested `$(( ( … ) ))` parentheses, a
 * worker thread (4 MB) much later, and a warm parser later than a cold one. An overflow inside the
 * parser can also leave its runtime unable to parse some later lines on that thread. So the
 * benchmark never lets it get that far: a line nesting deeper than MAX_SHELL_NESTING is refused
 * by this count, the same on every thread, whatever its stack.
 *
 * The count is an upper bound, never an estimate: every construct that makes the parser recurse
 * counts one level while it is open (`(`, `$(`, `$((`, `${`, `{`, `` ` ``, `"`, `if`, `while`,
 * `until`, `for`, `select`, `case`), and so does every link of a chain the parser builds by
 * recursion (`&&`, `||`, `|`, `!`, and each operator of an arithmetic expression or a parameter
 * expansion) until the list it belongs to ends (`;`, `&`, newline). Quotes, escapes and comments
 * are honoured so that a `)` in a string closes nothing; a closer only closes the construct on
 * top, of its own kind, and a reserved word closes only where a command starts (an opening one
 * counts wherever it stands); after a here-document operator (`<<`) nothing closes any more, since
 * the document's text is not shell syntax. Where the scan cannot be sure, it counts more, never
 * less. The one thing not counted is a backquote nested by escaping (`` `a \`b\`` ``): each level
 * doubles the backslashes, so a line within MAX_COMMAND_LENGTH nests at most 14 of them, which the
 * room left below the stack covers.
 */

/**
 * The shell a line is read as: `posix` (sh, `run_command` and custom tools) or `bash` (Claude
 * Code's Bash tool). Bash adds constructs that nest (`coproc`, `function`, `[[ ]]`, `<( )`) and
 * ANSI-C quotes (`$'…'`, in which a backslash escapes a quote).
 */
export type ShellDialect = 'posix' | 'bash';

/** Deepest nesting accepted (see above): about 40% of what the smallest stack parses, cold. */
export const MAX_SHELL_NESTING = 48;

type Kind = 'top' | 'paren' | 'subst' | 'arith' | 'arith_paren' | 'param' | 'brace' | 'dquote' | 'backquote' | 'if' | 'loop' | 'case';

interface Frame {
  readonly kind: Kind;
  /** Links of a recursive chain open in this frame. */
  chain: number;
}

/** Characters that end an unquoted word. */
const WORD_END = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>', "'", '"', '`', '$', '\\']);
/** Operators of arithmetic and of parameter expansions: each may be one more recursive link. */
const OPERATORS = new Set(['+', '-', '*', '/', '%', '<', '>', '=', '!', '~', '^', '&', '|', '?', ':', ',', '#', '@']);
/** Reserved words that open a construct, and the kind each opens. */
const OPENERS: Readonly<Record<string, Kind>> = { if: 'if', while: 'loop', until: 'loop', for: 'loop', select: 'loop', case: 'case' };
/** Reserved words that close one. */
const CLOSERS: Readonly<Record<string, Kind>> = { fi: 'if', done: 'loop', esac: 'case', '}': 'brace' };
/** Reserved words after which a command may start again. */
const CONTINUES = new Set(['then', 'do', 'else', 'elif']);
/**
 * Prefixes the parser reads by recursion into the command that follows (bash's `time` and
 * `coproc`): each is one more link, as `!` is. Counted in both dialects (more, never less).
 */
const PREFIXES = new Set(['time', 'coproc']);

class Scan {
  private readonly stack: Frame[] = [{ kind: 'top', chain: 0 }];
  private depth = 0;
  max = 0;
  /** After `<<`: here-document text follows, which closes nothing. */
  private frozen = false;
  /** At the start of a command, where reserved words are recognised. */
  private commandStart = true;
  /** Between words (a `#` here starts a comment, as in mvdan/sh: after a blank or an operator). */
  private boundary = true;
  private i = 0;

  constructor(
    private readonly s: string,
    private readonly dialect: ShellDialect,
  ) {}

  private get top(): Frame {
    return this.stack[this.stack.length - 1]!;
  }

  private grow(): void {
    this.depth++;
    if (this.depth > this.max) this.max = this.depth;
  }

  private open(kind: Kind): void {
    this.stack.push({ kind, chain: 0 });
    this.grow();
  }

  private close(...kinds: Kind[]): boolean {
    if (this.frozen || !kinds.includes(this.top.kind)) return false;
    this.depth -= 1 + this.top.chain;
    this.stack.pop();
    return true;
  }

  private link(): void {
    this.top.chain++;
    this.grow();
  }

  private endList(): void {
    if (this.frozen) return;
    this.depth -= this.top.chain;
    this.top.chain = 0;
  }

  run(): number {
    while (this.i < this.s.length) {
      switch (this.top.kind) {
        case 'dquote':
          this.inDoubleQuotes();
          break;
        case 'arith':
        case 'arith_paren':
          this.inArithmetic();
          break;
        case 'param':
          this.inParameter();
          break;
        default:
          this.inCode();
      }
    }
    return this.max;
  }

  /** `$(`, `$((`, `${` or a backquote at i; true when one was taken. */
  private substitution(): boolean {
    const s = this.s;
    const c = s[this.i];
    // Inside the substitution a command starts; after it, the word it is part of goes on.
    if (c === '`') {
      const opened = !this.close('backquote');
      if (opened) this.open('backquote');
      this.i++;
      this.commandStart = this.boundary = opened;
      return true;
    }
    if (c !== '$') return false;
    this.commandStart = this.boundary = false;
    if (this.dialect === 'bash' && s[this.i + 1] === "'") {
      this.skipAnsiCQuotes();
    } else if (s.startsWith('((', this.i + 1)) {
      this.open('arith');
      this.i += 3;
    } else if (s[this.i + 1] === '(') {
      this.open('subst');
      this.i += 2;
      this.commandStart = this.boundary = true;
    } else if (s[this.i + 1] === '{') {
      this.open('param');
      this.i += 2;
    } else {
      this.i++;
    }
    return true;
  }

  private inDoubleQuotes(): void {
    const c = this.s[this.i];
    if (c === '\\') this.i += 2;
    else if (c === '"') {
      this.close('dquote');
      this.i++;
    } else if (c === '$' && this.s[this.i + 1] === "'") {
      this.i++; // inside double quotes `$'` is a `$` and a quote character, in bash too
    } else if (!this.substitution()) this.i++;
  }

  private inArithmetic(): void {
    const c = this.s[this.i]!;
    if (this.substitution()) return;
    this.i++;
    if (c === '(') this.open('arith_paren');
    else if (c === ')') {
      if (this.top.kind === 'arith' && this.close('arith') && this.s[this.i] === ')') this.i++;
      else this.close('arith_paren');
    } else if (OPERATORS.has(c)) this.link();
  }

  private inParameter(): void {
    const c = this.s[this.i]!;
    if (c === '\\') this.i += 2;
    else if (c === '}') {
      this.close('param');
      this.i++;
    } else if (c === "'") this.skipSingleQuotes();
    else if (c === '"') {
      this.open('dquote');
      this.i++;
    } else if (!this.substitution()) {
      if (OPERATORS.has(c)) this.link();
      this.i++;
    }
  }

  /** bash's `$'…'` at i: a backslash escapes the next character, a quote included. */
  private skipAnsiCQuotes(): void {
    const s = this.s;
    let j = this.i + 2;
    while (j < s.length && s[j] !== "'") j += s[j] === '\\' ? 2 : 1;
    this.i = Math.min(j + 1, s.length);
  }

  private skipSingleQuotes(): void {
    const end = this.s.indexOf("'", this.i + 1);
    this.i = end < 0 ? this.s.length : end + 1;
  }

  private inCode(): void {
    const s = this.s;
    const c = s[this.i]!;
    const next = s[this.i + 1];
    if (c === '#' && this.boundary) {
      const end = s.indexOf('\n', this.i);
      this.i = end < 0 ? s.length : end;
      return;
    }
    if (c === '`' || c === '$') {
      this.substitution();
      return;
    }
    // A `#` starts a comment only between words: not right after a quote or an escape.
    this.boundary = !(c === "'" || c === '"' || c === '\\');
    if (c === ' ' || c === '\t') {
      this.i++;
    } else if (c === '\n') {
      this.i++;
      this.endList();
      this.commandStart = true;
    } else if (c === "'") {
      this.skipSingleQuotes();
      this.commandStart = false;
    } else if (c === '"') {
      this.open('dquote');
      this.i++;
      this.commandStart = false;
    } else if (c === '\\') {
      this.i += 2;
      this.commandStart = false;
    } else if (c === '(') {
      this.open('paren');
      this.i++;
      this.commandStart = true;
    } else if (c === ')') {
      // In a case clause a `)` ends a pattern and closes nothing (the top is the case). After a
      // substitution's `)` the word goes on (no comment can start).
      const top = this.top.kind;
      this.close('paren', 'subst');
      this.boundary = top !== 'subst';
      this.i++;
      // A pattern's commands follow; after a group, a reserved word is not taken as one (which can
      // only count more, never less).
      this.commandStart = top === 'case';
    } else if (c === ';') {
      this.i += next === ';' ? 2 : 1;
      this.endList();
      this.commandStart = true;
    } else if (c === '&' || c === '|') {
      if (next === c) {
        this.i += 2;
        this.link();
      } else if (c === '|') {
        this.i += next === '&' ? 2 : 1;
        this.link();
      } else {
        this.i++;
        this.endList();
      }
      this.commandStart = true;
    } else if (c === '<' || c === '>') {
      if (next === '(') {
        this.open('subst');
        this.i += 2;
        this.commandStart = true;
        return;
      }
      if (c === '<' && next === '<') this.frozen = true;
      this.i++;
      while (this.i < s.length && '<>&|-'.includes(s[this.i]!)) this.i++;
      // The redirection's word follows: never a reserved word.
      this.commandStart = false;
    } else {
      this.boundary = false;
      this.word();
    }
  }

  /**
   * A plain word. Reserved words that open a construct count wherever they stand (after `f()` or a
   * `)` a body may follow, and an argument that merely looks like one only counts more); one that
   * closes closes only where a command starts, as the shell reads it.
   */
  private word(): void {
    const s = this.s;
    const start = this.i;
    while (this.i < s.length && !WORD_END.has(s[this.i]!)) this.i++;
    const atStart = this.commandStart;
    this.commandStart = false;
    // Followed by a quote, an expansion or an escape, the word goes on: not a reserved word.
    if (this.i < s.length && '\'"`$\\'.includes(s[this.i]!)) return;
    const w = s.slice(start, this.i);
    const opens = OPENERS[w];
    if (opens !== undefined) {
      this.open(opens);
      this.commandStart = opens === 'if' || (opens === 'loop' && w !== 'for' && w !== 'select');
    } else if (w === '{') {
      this.open('brace');
      this.commandStart = true;
    } else if (w === '!' || (atStart && PREFIXES.has(w))) {
      this.link();
      this.commandStart = true;
    } else if (atStart) {
      const closes = CLOSERS[w];
      if (closes !== undefined) this.close(closes);
      else this.commandStart = CONTINUES.has(w);
    }
  }
}

/** The nesting of `command` as counted above (an upper bound of the parser's recursion, in levels). */
export function shellNesting(command: string, dialect: ShellDialect = 'posix'): number {
  return new Scan(command, dialect).run();
}
