/**
 * Rust `regex` syntax (the reference's `Regex::new`) read into RE2 syntax (@bufbuild/re2), so that
 * a pattern matches here exactly what it matches there, or is refused with a reason.
 *
 * Unicode: Rust's `\w`, `\d`, `\s` are Unicode classes by default (regex-syntax's `perl_word`,
 * `perl_digit`, `perl_space`), RE2's are ASCII. They are rewritten:
 *   \d → \p{Nd} (Rust: Unicode Decimal_Number, the same set)
 *   \s → the White_Space property, listed
 *   \w → [\p{L}\p{Nl}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}…]. Rust's is Alphabetic ∪ M ∪ Nd ∪ Pc ∪
 *        Join_Control; Alphabetic = L ∪ Nl ∪ Other_Alphabetic, and RE2 cannot name
 *        Other_Alphabetic: its members outside M (the circled and squared letters Ⓐ–ⓩ, 🄰–🅉,
 *        🅐–🅩, 🅰–🆉, So) are listed (regex-class-syntax.ts).
 *   RE2's Unicode tables are newer than regex-syntax 0.8's (Unicode 16): a code point assigned
 *   since then is in a class here and in none there.
 * `\b` and `\B` are Unicode word boundaries in Rust and ASCII ones in RE2: they agree on ASCII
 * input, so a pattern using them is kept and flagged; regexOutcome refuses it on non-ASCII input.
 *
 * Bracketed classes are parsed as Rust parses them (regex-class.ts); one with class set operations
 * (`&&`, `--`, `~~`), nested classes (`[a[^b]]`), `\W`/`\S` inside, or `\u`/`\U` escapes is
 * written as one RE2 class of the code points it matches. A class Rust refuses is an invalid
 * pattern here too.
 *
 * Invalid, as in Rust: digit escapes (backreferences, octal is off), `\Q`, `\E`, `\C`, a trailing
 * backslash.
 *
 * Refused (Rust reads them differently, or RE2 would read them as literals): the flags `x`, `u`,
 * `R`, `\<`, `\>`, `\b{…}`, `\u`/`\U` escapes outside a class, a `{` that does not open a
 * counted repetition (an error in Rust, a literal in RE2), and a `\p` name RE2 does not know
 * (Rust's regex knows more; regex-class-syntax.ts `propertyNameProblem`).
 */
import { translateRustClass } from './regex-class.js';
import { propertyNameProblem, SPACE, WORD } from './regex-class-syntax.js';

export interface Refused {
  readonly refused: string;
}

/** The pattern is not a valid Rust regex; `invalid` says why, as Rust's parser would. */
export interface Invalid {
  readonly invalid: string;
}

function invalid(why: string): Invalid {
  return { invalid: `regex parse error: ${why}` };
}

function refuse(why: string): Refused {
  return { refused: `regex not supported here: ${why} (Rust's regex and RE2 disagree on it)` };
}

/** The RE2 pattern; `asciiBoundary` when it uses `\b`/`\B` (valid only on ASCII input). */
export function translateRustRegex(pattern: string): string | Refused | Invalid {
  let out = '';
  let inClass = false;
  let classStart = 0;
  // Case-insensitivity (`i`) where the cursor is, and as it was outside each open group.
  let fold = false;
  const outerFold: boolean[] = [];
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const e = pattern[i + 1];
      if (e === undefined) return invalid('incomplete escape sequence, reached end of pattern prematurely');
      i++;
      switch (e) {
        case 'w':
          out += inClass ? WORD : `[${WORD}]`;
          continue;
        case 'W':
          if (inClass) return refuse('\\W inside a class');
          out += `[^${WORD}]`;
          continue;
        case 's':
          out += inClass ? SPACE : `[${SPACE}]`;
          continue;
        case 'S':
          if (inClass) return refuse('\\S inside a class');
          out += `[^${SPACE}]`;
          continue;
        case 'd':
          out += '\\p{Nd}';
          continue;
        case 'D':
          out += '\\P{Nd}';
          continue;
        case 'b':
        case 'B':
          if (pattern[i + 1] === '{') return refuse('\\b{…} boundaries');
          out += `\\${e}`;
          continue;
        case '<':
        case '>':
        case 'u':
        case 'U':
          return refuse(`the escape \\${e}`);
        case 'Q':
        case 'E':
        case 'C':
          return invalid('unrecognized escape sequence');
        default: {
          if (e >= '0' && e <= '9') return invalid('backreferences are not supported');
          // \p{Name}, \P{Name}, \x{10FFFF}: the braces belong to the escape.
          if ((e === 'p' || e === 'P' || e === 'x') && pattern[i + 1] === '{') {
            const close = pattern.indexOf('}', i + 1);
            if (close < 0) return refuse(`an unclosed \\${e}{`);
            const problem = e === 'x' ? undefined : propertyNameProblem(pattern.slice(i + 1, close + 1));
            if (problem !== undefined) return problem;
            out += `\\${e}${pattern.slice(i + 1, close + 1)}`;
            i = close;
            continue;
          }
          // \pL: a one-letter name.
          if ((e === 'p' || e === 'P') && pattern[i + 1] !== undefined) {
            const name = String.fromCodePoint(pattern.codePointAt(i + 1)!);
            const problem = propertyNameProblem(name);
            if (problem !== undefined) return problem;
            out += `\\${e}${name}`;
            i += name.length;
            continue;
          }
          out += `\\${e}`;
          continue;
        }
      }
    }
    if (inClass) {
      if (c === ']' && i > classStart) {
        inClass = false;
        out += c;
        continue;
      }
      if (c === '[') {
        // Only a POSIX class can open here: a class with a nested one took the set path.
        const posix = /^\[:\^?[a-z]+:\]/.exec(pattern.slice(i));
        if (!posix) return refuse('nested classes');
        out += posix[0];
        i += posix[0].length - 1;
        continue;
      }
      out += c;
      continue;
    }
    if (c === '[') {
      const cls = translateRustClass(pattern, i, fold);
      if (!('plain' in cls)) return cls;
      if (!cls.plain) {
        out += cls.re2;
        i = cls.end - 1;
        continue;
      }
      inClass = true;
      out += c;
      if (pattern[i + 1] === '^') {
        out += '^';
        i++;
      }
      // A `]` first in a class is a literal in both.
      classStart = i + 1;
      if (pattern[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(') {
      const flags = pattern[i + 1] === '?' ? /^\(\?([a-zA-Z-]*)([:)])/.exec(pattern.slice(i)) : null;
      if (flags && /[xuR]/.test(flags[1]!)) return refuse(`the flag group (?${flags[1]})`);
      // `(?i)` changes the enclosing group from here on; every other `(` opens a group.
      if (flags?.[2] !== ')') outerFold.push(fold);
      if (flags) fold = foldAfter(flags[1]!, fold);
    }
    if (c === ')') fold = outerFold.pop() ?? fold;
    if (c === '{') {
      if (!/^\{\d+(?:,\d*)?\}/.test(pattern.slice(i))) return refuse("a '{' that does not open a counted repetition");
    }
    out += c;
  }
  if (inClass) return refuse('an unclosed class');
  return out;
}

/** The case-insensitivity after flags such as `i`, `-i`, `s-i`, `im-sU`. */
function foldAfter(flags: string, fold: boolean): boolean {
  const dash = flags.indexOf('-');
  const on = dash < 0 ? flags : flags.slice(0, dash);
  const off = dash < 0 ? '' : flags.slice(dash + 1);
  if (off.includes('i')) return false;
  return on.includes('i') ? true : fold;
}

/** Whether the pattern's `\b`/`\B` could read differently from Rust's on this input. */
export function usesAsciiBoundary(pattern: string): boolean {
  return /(?:^|[^\\])(?:\\\\)*\\[bB]/.test(pattern);
}
