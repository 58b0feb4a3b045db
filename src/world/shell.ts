/**
 * What a POSIX shell would start for a command line (docs/scenarios.md, `run_command`): every simple
 * command that names a program, with its argv after quote removal, its leading variable
 * assignments, and those nested in lists, pipelines, subshells and command substitutions.
 *
 * The parsing is mvdan/sh's (the `mvdan-sh` package, the Go parser compiled to JavaScript), never a
 * regular expression of ours. It was picked by measurement (README, dependency notes): it gets
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
import { MAX_SHELL_NESTING, shellNesting } from './shell-nesting.js';

/** Longest command line parsed (bounded input); a longer one is an EnvironmentLimitError. */
export const MAX_COMMAND_LENGTH = 16 * 1024;
/** Most programs one command line may start; more is an EnvironmentLimitError, never a cut list. */
export const MAX_PROGRAMS = 256;

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
export class ShellParserNotLoaded extends Error {
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

/** Redirection operators whose word is a file the command reads or writes (POSIX, and `>|`). */
const FILE_REDIRECTS: ReadonlySet<string> = new Set(['<', '>', '>>', '<>', '>|']);

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
            return p.Value ?? '';
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

/** Parses a command line as a POSIX shell would; throws only an EnvironmentLimitError (over a bound). */
export function parseShell(command: string): ShellParse {
  const sh = syntax;
  if (sh === undefined) throw new ShellParserNotLoaded();
  if (command.length > MAX_COMMAND_LENGTH) throw new EnvironmentLimitError('a command line', MAX_COMMAND_LENGTH, 'characters');
  if (command.includes('\0')) {
    // A NUL cannot be passed through execve: the C string ends there. No shell sees the rest.
    command = command.slice(0, command.indexOf('\0'));
  }
  // Decided before parsing, by our count: where the parser's stack would give out depends on the
  // thread (shell-nesting.ts), and the answer must not.
  if (shellNesting(command) > MAX_SHELL_NESTING) throw new EnvironmentLimitError('the nesting of a command line', MAX_SHELL_NESTING, 'levels');
  let file: ShNode;
  try {
    file = sh.NewParser(sh.KeepComments(false), sh.Variant(sh.LangPOSIX)).Parse(command, '');
  } catch (e) {
    const failure = parserFailure(e);
    if (failure !== undefined) throw failure;
    return { parsed: false, error: String((e as { Error: () => unknown }).Error()), programs: [], redirects: [] };
  }
  try {
    return readPrograms(sh, command, file);
  } catch (e) {
    if (e instanceof EnvironmentLimitError) throw e;
    throw parserFailure(e) ?? e;
  }
}

/** Every program and file redirection of a parsed line. */
function readPrograms(sh: ShSyntax, command: string, file: ShNode): ShellParse {
  const programs: ShellProgram[] = [];
  const redirects: string[] = [];
  sh.Walk(file, (node) => {
    if (node === null) return true;
    const type = sh.NodeType(node);
    if (type === 'Redirect') {
      // Only operators that open a file name one: `2>&1` names a descriptor, `<<EOF` a here-document
      // delimiter. The operator's text is read from the source the parser located.
      const word = node.Word as ShNode | null | undefined;
      const op = word ? command.slice(offset(node, 'OpPos'), offset(word, 'Pos')).trim() : '';
      if (word && FILE_REDIRECTS.has(op)) redirects.push(expandWord(sh, command, word).text);
    } else if (type === 'CallExpr') {
      if (programs.length === MAX_PROGRAMS) throw new EnvironmentLimitError('the programs of a command line', MAX_PROGRAMS, 'programs');
      let dynamic = false;
      const argv = list<ShNode>(node.Args).map((w) => {
        const x = expandWord(sh, command, w);
        dynamic ||= x.dynamic;
        return x.text;
      });
      const assignments = list<ShNode>(node.Assigns).map((a) => {
        const name = ((a.Name as Part | null)?.Value ?? '') as string;
        const value = a.Value as ShNode | null | undefined;
        const x = value ? expandWord(sh, command, value) : { text: '', dynamic: false };
        dynamic ||= x.dynamic;
        return `${name}=${x.text}`;
      });
      // Assignments alone start no program (they set shell variables).
      if (argv.length > 0) programs.push({ argv, assignments, dynamic });
    }
    return true;
  });
  return { parsed: true, programs, redirects };
}
