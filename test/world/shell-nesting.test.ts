/**
 * A command line's nesting is bounded by our own count before the shell parser sees it, so where
 * the parser's stack would give out (which depends on the thread) never decides anything.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShellParser, parseShell } from '../../src/world/shell.js';
import { MAX_SHELL_NESTING, shellNesting } from '../../src/world/shell-nesting.js';
import { EnvironmentLimitError } from '../../src/world/limit.js';

beforeAll(async () => {
  await loadShellParser();
});

/** `echo $(echo $(… true …))`, n levels: bash and dash run it. */
const nested = (n: number): string => {
  let c = 'true';
  for (let i = 0; i < n; i++) c = `echo $(${c})`;
  return c;
};

describe('shellNesting: an upper bound of the parser recursion, counted before parsing', () => {
  it('counts each construct while it is open, and each link of a chain until its list ends', () => {
    expect(shellNesting('ls -la /tmp')).toBe(0);
    expect(shellNesting(nested(3))).toBe(3);
    expect(shellNesting('( ( (ls) ) )')).toBe(3);
    expect(shellNesting('a && b || c | d')).toBe(3);
    expect(shellNesting('a && b; c && d; e && f')).toBe(1);
    expect(shellNesting('if a; then if b; then c; fi; fi')).toBe(2);
    expect(shellNesting('echo $(( (1 + 2) * 3 ))')).toBe(3); // $((, (, +
    expect(shellNesting('echo "${a:-$(b)}"')).toBe(5); // ", ${, :, -, $(
  });

  it('a closer in quotes, a comment or a here-document closes nothing', () => {
    expect(shellNesting('( echo \')\' ( echo ")" ( ls ) ) )')).toBe(3);
    expect(shellNesting('( # )\n( ls ) )')).toBe(2);
    // Here-document text is not shell syntax: after `<<`, nothing closes any more.
    expect(shellNesting('( cat <<E\n)\nE\n( ls ) )')).toBe(2);
  });

  it('tricks that would hide nesting from a naive count are counted', () => {
    const deep = MAX_SHELL_NESTING + 1;
    const tricks = [
      'if a; then b >fi; '.repeat(deep), // `>fi` is a file name: the if stays open
      'if a; then echo $(b) fi; '.repeat(deep), // an argument `fi` closes nothing
      '{ echo }; '.repeat(deep), // `}` as an argument closes nothing
      '$(case x in a) '.repeat(deep), // a pattern's `)` closes nothing
      '( cat <<E\n))\nE\n'.repeat(deep),
      'echo $#' + '('.repeat(deep), // `$#` is a parameter, not a comment
      '$(('.concat(Array.from({ length: deep }, () => '1').join('+'), '))'),
    ];
    for (const t of tricks) expect(shellNesting(t), t.slice(0, 40)).toBeGreaterThan(MAX_SHELL_NESTING);
  });
});

describe('parseShell: a line nesting deeper than our bound is an environment limit, never a syntax error', () => {
  it('1,000 nested $(…) (a line bash and dash run) is refused by our bound, the same on any stack', () => {
    let thrown: unknown;
    try {
      parseShell(nested(1000));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(EnvironmentLimitError);
    expect((thrown as EnvironmentLimitError).code).toBe('environment_limit');
    expect((thrown as Error).message).toBe(
      `the nesting of a command line is over delegation-bench's environment limit of ${MAX_SHELL_NESTING} levels; a real tool would still act on it, so the run cannot judge it`,
    );
  });

  it('unclosed deep nesting too: a deep syntax error is not told apart from a stack overflow', () => {
    expect(() => parseShell('$('.repeat(1000))).toThrow(EnvironmentLimitError);
    expect(() => parseShell('('.repeat(1000))).toThrow(EnvironmentLimitError);
  });

  it('up to the bound, the line is parsed as before', () => {
    const ok = parseShell(nested(MAX_SHELL_NESTING));
    expect(ok.parsed).toBe(true);
    expect(ok.programs).toHaveLength(MAX_SHELL_NESTING + 1);
    expect(parseShell('$('.repeat(10))).toMatchObject({ parsed: false });
    expect(() => parseShell(nested(MAX_SHELL_NESTING + 1))).toThrow(EnvironmentLimitError);
  });

  it('every shape counted at the bound parses on this thread (the bound leaves room below any stack)', () => {
    const shapes = [
      (n: number) => `echo $((${'('.repeat(n - 1)}1${')'.repeat(n - 1)}))`, // the deepest recursion per level measured
      (n: number) => '('.repeat(n) + 'true' + ')'.repeat(n),
      (n: number) => Array.from({ length: n + 1 }, () => 'a').join(' && '),
      (n: number) => `echo ${'"$('.repeat(n / 2)}x${')"'.repeat(n / 2)}`,
    ];
    for (const shape of shapes) {
      const line = shape(MAX_SHELL_NESTING);
      expect(shellNesting(line)).toBe(MAX_SHELL_NESTING);
      expect(parseShell(line).parsed).toBe(true);
    }
  });
});

describe("shellNesting in bash (Claude Code's Bash)", () => {
  it('counts `coproc` and `time` as links, as the parser recurses into the command after them', () => {
    expect(shellNesting('coproc '.repeat(1000) + 'x', 'bash')).toBe(1000);
    expect(shellNesting('time '.repeat(1000) + 'x', 'bash')).toBe(1000);
    expect(() => parseShell('coproc '.repeat(5000) + 'x', 'bash')).toThrow(EnvironmentLimitError);
  });

  it("an escaped quote inside bash's $'…' does not end it, so nothing after it hides", () => {
    // bash: `$'\''` is one quote character, then 100 substitutions; sh: `$`, `'\'`, then a quote.
    const line = `echo $'\\'' ${'$('.repeat(100)}x${')'.repeat(100)} '`;
    expect(shellNesting(line, 'bash')).toBe(100);
    expect(shellNesting(line, 'posix')).toBe(0);
    expect(() => parseShell(line, 'bash')).toThrow(EnvironmentLimitError);
    expect(parseShell(line, 'posix').programs).toHaveLength(1); // sh: one echo of quoted text
    // Inside double quotes `$'` is no quote, in bash too.
    expect(shellNesting(`echo "$'" ${'$('.repeat(10)}x${')'.repeat(10)}`, 'bash')).toBe(10);
  });

  it('process substitution and function bodies nest as they open', () => {
    expect(shellNesting(`cat ${'<('.repeat(60)}x${')'.repeat(60)}`, 'bash')).toBe(60);
    expect(() => parseShell(`cat ${'<('.repeat(1000)}x${')'.repeat(1000)}`, 'bash')).toThrow(EnvironmentLimitError);
    expect(() => parseShell(`${'function f { '.repeat(1000)}x; ${'} '.repeat(1000)}`, 'bash')).toThrow(EnvironmentLimitError);
  });
});
