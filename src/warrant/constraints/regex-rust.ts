/**
 * Rust `regex` syntax (the reference's `Regex::new`) read into RE2 syntax (@bufbuild/re2), so that
 * a pattern matches here exactly what it matches there, or is refused with a reason.
 *
 * Unicode: Rust's `\w`, `\d`, `\s` are Unicode classes by default (regex-syntax's `perl_word`,
 * `perl_digit`, `perl_space`), RE2's are ASCII. They are rewritten:
 *   \d → \p{Nd} (Rust: Unicode Decimal_Number, the same set)
 *   \s → the White_Space property, listed
 *   \w → [\p{L}\p{Nl}\p{M}\p{Nd}\p{Pc}\x{200C}\x{200D}]. Rust's is Alphabetic ∪ M ∪ Nd ∪ Pc ∪
 *        Join_Control; Alphabetic = L ∪ Nl ∪ Other_Alphabetic, and RE2 cannot name
 *        Other_Alphabetic, whose members outside M (e.g. the circled letters Ⓐ–ⓩ, So) are missed.
 * `\b` and `\B` are Unicode word boundaries in Rust and ASCII ones in RE2: they agree on ASCII
 * input, so a pattern using them is kept and flagged; regexOutcome refuses it on non-ASCII input.
 *
 * Refused (Rust reads them differently, or RE2 would read them as literals): class set operations
 * and nested classes (`&&`, `--`, `~~`, `[a[b]]`), `\W`/`\S` inside a class, the flags `x`, `u`,
 * `R`, `\<`, `\>`, `\b{…}`, `\u`/`\U` escapes, `\Q…\E`, `\C`, digit escapes, and a `{` that does
 * not open a counted repetition (an error in Rust, a literal in RE2).
 */

const WORD = '\\p{L}\\p{Nl}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}';
const SPACE = '\\t\\n\\x{0B}\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}';

export interface Refused {
  readonly refused: string;
}

function refuse(why: string): Refused {
  return { refused: `regex not supported here: ${why} (Rust's regex and RE2 disagree on it)` };
}

/** The RE2 pattern; `asciiBoundary` when it uses `\b`/`\B` (valid only on ASCII input). */
export function translateRustRegex(p: string): string | Refused {
  let out = '';
  let inClass = false;
  let classStart = 0;
  for (let i = 0; i < p.length; i++) {
    const c = p[i]!;
    if (c === '\\') {
      const e = p[i + 1];
      if (e === undefined) return refuse('trailing backslash');
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
          if (p[i + 1] === '{') return refuse('\\b{…} boundaries');
          out += `\\${e}`;
          continue;
        case '<':
        case '>':
        case 'u':
        case 'U':
        case 'Q':
        case 'E':
        case 'C':
          return refuse(`the escape \\${e}`);
        default: {
          if (e >= '0' && e <= '9') return refuse(`the escape \\${e}`);
          // \p{Name}, \P{Name}, \x{10FFFF}: the braces belong to the escape.
          if ((e === 'p' || e === 'P' || e === 'x') && p[i + 1] === '{') {
            const close = p.indexOf('}', i + 1);
            if (close < 0) return refuse(`an unclosed \\${e}{`);
            out += `\\${e}${p.slice(i + 1, close + 1)}`;
            i = close;
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
        const posix = /^\[:\^?[a-z]+:\]/.exec(p.slice(i));
        if (!posix) return refuse('nested classes');
        out += posix[0];
        i += posix[0].length - 1;
        continue;
      }
      if ((c === '&' || c === '-' || c === '~') && p[i + 1] === c) return refuse(`the class operator ${c}${c}`);
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (p[i + 1] === '^') {
        out += '^';
        i++;
      }
      // A `]` first in a class is a literal in both.
      classStart = i + 1;
      if (p[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && p[i + 1] === '?') {
      const flags = /^\(\?([a-zA-Z-]*)[:)]/.exec(p.slice(i));
      if (flags && /[xuR]/.test(flags[1]!)) return refuse(`the flag group (?${flags[1]})`);
    }
    if (c === '{') {
      if (!/^\{\d+(?:,\d*)?\}/.test(p.slice(i))) return refuse("a '{' that does not open a counted repetition");
    }
    out += c;
  }
  if (inClass) return refuse('an unclosed class');
  return out;
}

/** Whether the pattern's `\b`/`\B` could read differently from Rust's on this input. */
export function usesAsciiBoundary(pattern: string): boolean {
  return /(?:^|[^\\])(?:\\\\)*\\[bB]/.test(pattern);
}
