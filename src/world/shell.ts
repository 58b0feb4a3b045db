/**
 * What a shell would start for a command line (docs/scenarios.md): every simple command that names
 * a program, with its argv after quote removal, its leading variable assignments, and those nested
 * in lists, pipelines, subshells and command substitutions. A line is read as POSIX sh
 * (`run_command`, custom tools of kind `shell`) or as bash (Claude Code's Bash tool runs its
 * commands in bash): bash adds brace expansion (`{r,}m` runs `rm`), ANSI-C quotes (`$'\x72m'`),
 * process substitution, `coproc`, `function` and the declaration builtins, each of which POSIX sh
 * reads as something else or refuses.
 *
 * The parsing is mvdan/sh's (the `mvdan-sh` package, the Go parser compiled to JavaScript), never a
 * regular expression of ours. It was picked by measurement (docs/development.md, dependencies): it gets
 * every tricky input right (`X=/ls rm`, `l\s`, `'rm'`, `$(…)`, `` `…` ``, line continuations) in
 * 0.4 ms a line, where bash-parser (unmaintained since 2017) misses command substitutions and
 * costs 1.7 ms, and sh-syntax (the same parser as WASM) is asynchronous and instantiates a fresh
 * WASM module on every parse (9 ms). Its cost is at load (about 350 ms: the Go runtime starts), so
 * it is loaded once, before a run, and only when a scenario needs it (`loadShellParser`); the
 * seed suite never does.
 *
 * What the parser cannot know before run time (a `$VAR`, a `$(…)` inside a word) is kept as its
 * source text and the program is marked `dynamic`: the benchmark does not guess a value.
 */
import type { ShNode, ShSyntax } from 'mvdan-sh';
import { EnvironmentLimitError } from './limit.js';
import { MAX_SHELL_NESTING, shellNesting, type ShellDialect } from './shell-nesting.js';
import { BenchError } from '../lib/errors.js';

export type { ShellDialect } from './shell-nesting.js';

/** Longest command line parsed (bounded input); a longer one is an EnvironmentLimitError. */
export const MAX_COMMAND_LENGTH = 16 * 1024;
/** Most programs one command line may start; more is an EnvironmentLimitError, never a cut list. */
export const MAX_PROGRAMS = 256;
/** Most words bash's brace expansion may make of one line (`{a,b}` twelve times is 4,096). */
export const MAX_BRACE_WORDS = 4096;
/** Most characters those words may hold together. */
export const MAX_BRACE_CHARS = 1024 * 1024;

export interface ShellProgram {
  /** The argv the program would get (quotes removed, escapes applied). */
  readonly argv: string[];
  /** Leading `NAME=value` assignments of the same simple command. */
  readonly assignments: string[];
  /** True when a word holds an expansion only known at run time (kept as source text). */
  readonly dynamic: boolean;
}

export type ShellParse =
  | { readonly parsed: true; readonly programs: ShellProgram[]; readonly redirects: string[] }
  | { readonly parsed: false; readonly error: string; readonly programs: []; readonly redirects: [] };

let syntax: ShSyntax | undefined;

/**
 * Loads the parser once per process (or worker thread). Idempotent; call it before running any
 * scenario that uses `run_command`, a `shell` parameter or a Shlex constraint.
 */
export async function loadShellParser(): Promise<void> {
  if (syntax === undefined) syntax = (await import('mvdan-sh')).default.syntax;
}

export function shellParserLoaded(): boolean {
  return syntax !== undefined;
}

/** Thrown when the parser is used before `loadShellParser()`: a setup bug, never a denial. */
export class ShellParserNotLoaded extends BenchError {
  override readonly name = 'ShellParserNotLoaded';
  readonly kind = 'harness' as const;
  readonly code = 'shell_parser_not_loaded';
  constructor() {
    super('the shell parser is not loaded: call loadShellParser() before the run');
  }
}

type Part = ShNode & { readonly Value?: string; readonly Parts?: unknown };

function list<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v as T[]) : [];
}

function offset(n: ShNode, which: 'Pos' | 'End' | 'OpPos'): number {
  // Pos and End are methods of every node; a Redirect's OpPos is a field.
  const pos = which === 'OpPos' ? (n[which] as { Offset(): number }) : (n[which] as () => { Offset(): number })();
  return pos.Offset();
}

/** Redirection operators whose word is a file the command reads or writes (POSIX, `>|`, bash's `&>`). */
const FILE_REDIRECTS: ReadonlySet<string> = new Set(['<', '>', '>>', '<>', '>|', '&>', '&>>']);

/**
 * One word as the shell passes it to a program: unquoted backslashes escape the next character
 * (a backslash-newline disappears), single quotes are literal, inside double quotes a backslash
 * escapes only `$`, `` ` ``, `"`, `\` and newline. Expansions keep their source text.
 */
function expandWord(sh: ShSyntax, src: string, word: ShNode): { text: string; dynamic: boolean } {
  let dynamic = false;
  const parts = (ps: unknown, quoted: boolean): string =>
    list<Part>(ps)
      .map((p) => {
        switch (sh.NodeType(p)) {
          case 'Lit':
            return quoted ? unescapeDouble(p.Value ?? '') : unescapeBare(p.Value ?? '');
          case 'SglQuoted':
            // `$'…'` only exists in bash: POSIX sh parses `$` and a quote.
            return p.Dollar === true ? ansiC(p.Value ?? '') : (p.Value ?? '');
          case 'DblQuoted':
            return parts(p.Parts, true);
          default:
            dynamic = true;
            return src.slice(offset(p, 'Pos'), offset(p, 'End'));
        }
      })
      .join('');
  const text = parts(word.Parts, false);
  return { text, dynamic };
}

/** The C escapes of bash's `$'…'` (bash(1), QUOTING), other than the numeric ones. */
const ANSI_C: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/**
 * The text of bash's `$'…'` (the parser hands over what stands between the quotes): C escapes,
 * `\nnn` octal, `\xHH`, `\uHHHH`, `\UHHHHHHHH` and `\cX`. A NUL ends the quoted text (bash drops
 * what follows it); an unknown escape keeps its backslash, as bash does.
 */
function ansiC(raw: string): string {
  const out = raw.replace(
    /\\(?:([0-7]{1,3})|x([0-9A-Fa-f]{1,2})|u([0-9A-Fa-f]{1,4})|U([0-9A-Fa-f]{1,8})|c([^])|([^]))/g,
    (whole, oct?: string, hex?: string, u4?: string, u8?: string, ctl?: string, ch?: string) => {
      if (oct !== undefined) return String.fromCharCode(parseInt(oct, 8) & 0xff);
      if (hex !== undefined) return String.fromCharCode(parseInt(hex, 16));
      const code = u4 ?? u8;
      if (code !== undefined) {
        const n = parseInt(code, 16);
        return n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : whole;
      }
      if (ctl !== undefined) return String.fromCharCode(ctl.toUpperCase().charCodeAt(0) ^ 0x40);
      return ANSI_C[ch!] ?? whole;
    },
  );
  const nul = out.indexOf('\0');
  return nul < 0 ? out : out.slice(0, nul);
}

/**
 * Quote removal on a word the parser has already cut out (not parsing: the parser decided where
 * words start and end). One left-to-right pass, so an escaped backslash cannot escape what follows it.
 */
function unescapeBare(s: string): string {
  return s.replace(/\\(\n|[^])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

function unescapeDouble(s: string): string {
  return s.replace(/\\(\n|[$`"\\])/g, (_m, c: string) => (c === '\n' ? '' : c));
}

/**
 * The parser's own failure, told apart from a syntax error: the parser reports syntax errors as Go
 * error values (an `Error()` method, not a JavaScript Error); anything else it throws (a stack
 * overflow, a bug) is not the shell's answer, so the line is refused as over our bounds.
 */
function parserFailure(e: unknown): EnvironmentLimitError | undefined {
  const goError = e !== null && typeof e === 'object' && !(e instanceof Error) && typeof (e as { Error?: unknown }).Error === 'function';
  return goError ? undefined : new EnvironmentLimitError('the nesting of a command line', MAX_SHELL_NESTING, 'levels');
}

/** Parses a command line as the dialect's shell would; throws only an EnvironmentLimitError (over a bound). */
export function parseShell(command: string, dialect: ShellDialect = 'posix'): ShellParse {
  const sh = syntax;
  if (sh === undefined) throw new ShellParserNotLoaded();
  if (command.length > MAX_COMMAND_LENGTH) throw new EnvironmentLimitError('a command line', MAX_COMMAND_LENGTH, 'characters');
  if (command.includes('\0')) {
    // A NUL cannot be passed through execve: the C string ends there. No shell sees the rest.
    command = command.slice(0, command.indexOf('\0'));
  }
  // Decided before parsing, by our count: where the parser's stack would give out depends on the
  // thread (shell-nesting.ts), and the answer must not.
  if (shellNesting(command, dialect) > MAX_SHELL_NESTING)
    throw new EnvironmentLimitError('the nesting of a command line', MAX_SHELL_NESTING, 'levels');
  let file: ShNode;
  try {
    file = sh.NewParser(sh.KeepComments(false), sh.Variant(dialect === 'bash' ? sh.LangBash : sh.LangPOSIX)).Parse(command, '');
  } catch (e) {
    const failure = parserFailure(e);
    if (failure !== undefined) throw failure;
    return { parsed: false, error: String((e as { Error: () => unknown }).Error()), programs: [], redirects: [] };
  }
  try {
    return readPrograms(sh, command, file, dialect);
  } catch (e) {
    if (e instanceof EnvironmentLimitError) throw e;
    throw parserFailure(e) ?? e;
  }
}

/** Every program and file redirection of a parsed line. */
function readPrograms(sh: ShSyntax, command: string, file: ShNode, dialect: ShellDialect): ShellParse {
  const programs: ShellProgram[] = [];
  const redirects: string[] = [];
  const braces = { words: 0, chars: 0 };
  // The words a program gets: in bash each unquoted `{a,b}` or `{1..3}` first makes several.
  const argvWords = (w: ShNode): { text: string; dynamic: boolean }[] =>
    dialect === 'bash' ? expandBraces(sh, command, w, braces) : [expandWord(sh, command, w)];
  const push = (program: ShellProgram): void => {
    if (programs.length === MAX_PROGRAMS) throw new EnvironmentLimitError('the programs of a command line', MAX_PROGRAMS, 'programs');
    programs.push(program);
  };
  // Commands are read after the walk: bash's brace splitting rewrites a word in place, which the
  // walk, still under way, could not go through. Their number is bounded by the line's length.
  const commands: { node: ShNode; type: string }[] = [];
  sh.Walk(file, (node) => {
    if (node === null) return true;
    const type = sh.NodeType(node);
    if (type === 'CallExpr' || type === 'DeclClause' || type === 'LetClause') commands.push({ node, type });
    else if (type === 'Redirect') {
      // Only operators that open a file name one: `2>&1` names a descriptor, `<<EOF` a here-document
      // delimiter. The operator's text is read from the source the parser located.
      const word = node.Word as ShNode | null | undefined;
      const op = word ? command.slice(offset(node, 'OpPos'), offset(word, 'Pos')).trim() : '';
      if (word && FILE_REDIRECTS.has(op)) redirects.push(expandWord(sh, command, word).text);
    }
    return true;
  });
  for (const { node, type } of commands) {
    if (type === 'CallExpr') {
      let dynamic = false;
      const argv = list<ShNode>(node.Args).flatMap((w) =>
        argvWords(w).map((x) => {
          dynamic ||= x.dynamic;
          return x.text;
        }),
      );
      const assignments = list<ShNode>(node.Assigns).map((a) => {
        const name = ((a.Name as Part | null)?.Value ?? '') as string;
        const value = a.Value as ShNode | null | undefined;
        const x = value ? expandWord(sh, command, value) : { text: '', dynamic: false };
        dynamic ||= x.dynamic;
        return `${name}=${x.text}`;
      });
      // Assignments alone start no program (they set shell variables).
      if (argv.length > 0) push({ argv, assignments, dynamic });
    } else if (type === 'DeclClause') {
      // bash parses `declare`, `export`, `local`, `readonly`, `typeset` and `nameref` as clauses;
      // POSIX sh sees the same builtins as commands, so both list them as programs.
      push(declaration(sh, command, node, argvWords));
    } else if (type === 'LetClause') {
      const exprs = list<ShNode>(node.Exprs).map((e) => command.slice(offset(e, 'Pos'), offset(e, 'End')));
      push({ argv: ['let', ...exprs], assignments: [], dynamic: false });
    }
  }
  return { parsed: true, programs, redirects };
}

/** A bash declaration clause as the builtin's argv: `declare -x A=1 B` → declare, -x, A=1, B. */
function declaration(
  sh: ShSyntax,
  command: string,
  node: ShNode,
  argvWords: (w: ShNode) => { text: string; dynamic: boolean }[],
): ShellProgram {
  let dynamic = false;
  const args = list<ShNode>(node.Args).flatMap((a) => {
    const name = (a.Name as Part | null)?.Value;
    const value = a.Value as ShNode | null | undefined;
    if (a.Array !== null && a.Array !== undefined) {
      // An array's elements are words bash expands at run time: shown as written.
      dynamic = true;
      return [command.slice(offset(a, 'Pos'), offset(a, 'End'))];
    }
    if (name === undefined && !value) return [];
    if (!value) return [name!];
    const words = name === undefined ? argvWords(value) : [expandWord(sh, command, value)];
    for (const x of words) dynamic ||= x.dynamic;
    return words.map((x) => (name === undefined ? x.text : `${name}=${x.text}`));
  });
  const variant = ((node.Variant as Part | null)?.Value ?? 'declare') as string;
  return { argv: [variant, ...args], assignments: [], dynamic };
}

type Expanded = { text: string; dynamic: boolean };

/**
 * bash's brace expansion of one word (bash(1), Brace Expansion), before the other expansions:
 * mvdan/sh finds the braces (`SplitBraces`, unquoted text only); this makes the words, left to
 * right, each alternative in order, sequences `{1..3}`, `{01..10}`, `{a..e..2}` as bash counts
 * them. Bounded by MAX_BRACE_WORDS and MAX_BRACE_CHARS for the whole line. A word whose braces
 * sit beside a backslash is marked dynamic: mvdan/sh splits `{a\,b,c}` at the escaped comma,
 * where bash does not, so its words are not sure.
 */
function expandBraces(sh: ShSyntax, src: string, word: ShNode, used: { words: number; chars: number }): Expanded[] {
  const escaped = src.slice(offset(word, 'Pos'), offset(word, 'End')).includes('\\');
  const split = sh.SplitBraces(word) as ShNode;
  if (!list<Part>(split.Parts).some((p) => sh.NodeType(p) === 'BraceExp')) return [expandWord(sh, src, split)];
  return wordsOf(sh, src, split, used).map((w) => ({ text: w.text, dynamic: w.dynamic || escaped }));
}

function wordsOf(sh: ShSyntax, src: string, word: ShNode, used: { words: number; chars: number }): Expanded[] {
  let acc: Expanded[] = [{ text: '', dynamic: false }];
  for (const part of list<Part>(word.Parts)) {
    const options: Expanded[] =
      sh.NodeType(part) === 'BraceExp' ? braceOptions(sh, src, part, used) : [expandWord(sh, src, { Parts: [part] } as unknown as ShNode)];
    const next: Expanded[] = [];
    for (const a of acc) {
      for (const o of options) {
        const text = a.text + o.text;
        used.chars += text.length;
        if (next.length + 1 > MAX_BRACE_WORDS || used.chars > MAX_BRACE_CHARS) throw braceLimit();
        next.push({ text, dynamic: a.dynamic || o.dynamic });
      }
    }
    acc = next;
  }
  used.words += acc.length;
  if (used.words > MAX_BRACE_WORDS) throw braceLimit();
  return acc;
}

function braceLimit(): EnvironmentLimitError {
  return new EnvironmentLimitError("the words of a command line after bash's brace expansion", MAX_BRACE_WORDS, 'words');
}

function braceOptions(sh: ShSyntax, src: string, brace: Part, used: { words: number; chars: number }): Expanded[] {
  const elems = list<ShNode>(brace.Elems);
  if (brace.Sequence !== true) return elems.flatMap((e) => wordsOf(sh, src, e, used));
  const [from, to, step] = elems.map((e) =>
    list<Part>(e.Parts)
      .map((p) => p.Value ?? '')
      .join(''),
  );
  return sequence(from ?? '', to ?? '', step).map((text) => ({ text, dynamic: false }));
}

const INTEGER = /^[-+]?[0-9]+$/;

/** bash's `{from..to[..step]}`: integers (zero-padded when either end is) or single characters. */
function sequence(from: string, to: string, step: string | undefined): string[] {
  const by = Math.abs(step !== undefined && INTEGER.test(step) ? Number(step) : 1) || 1;
  let a: number;
  let b: number;
  let show: (n: number) => string;
  if (INTEGER.test(from) && INTEGER.test(to)) {
    a = Number(from);
    b = Number(to);
    const padded = /^[-+]?0[0-9]/.test(from) || /^[-+]?0[0-9]/.test(to);
    const width = padded ? Math.max(from.length, to.length) : 0;
    show = (n) => (n < 0 ? `-${String(-n).padStart(width - 1, '0')}` : String(n).padStart(width, '0'));
  } else if (from.length === 1 && to.length === 1) {
    a = from.charCodeAt(0);
    b = to.charCodeAt(0);
    show = (n) => String.fromCharCode(n);
  } else {
    return [`{${from}..${to}${step === undefined ? '' : `..${step}`}}`];
  }
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) throw braceLimit();
  const count = Math.floor(Math.abs(b - a) / by) + 1;
  if (count > MAX_BRACE_WORDS) throw braceLimit();
  const dir = b >= a ? 1 : -1;
  return Array.from({ length: count }, (_, i) => show(a + dir * i * by));
}
