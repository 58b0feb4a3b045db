/**
 * Claude Code's own tools (Read, Write, Edit, Bash, WebFetch, Glob, Grep) with Claude Code's
 * argument names, as environment tools of the matching kinds (docs/effects.md): they run in the
 * simulated environment with the same effects as the built-ins (a Read is a `file_read`, a Bash
 * command a `command_run`, ...). A scenario gets one when it names it (a call, a grant, or a
 * governance policy that enforces it); they are not built-ins, so the built-in suite and the
 * broad warrant of a scenario that does not use them are unchanged.
 *
 * Claude Code resolves a relative path against its working directory, and Glob and Grep search
 * the working directory when no `path` is given: that is the scenario's `cwd`.
 */
import type { CustomTool, ParamKind } from '../model/scenario.js';
import type { Value } from '../warrant/constraint-value.js';

/** The scenario's working directory when it does not set `cwd:`. */
export const DEFAULT_CWD = '/workspace';

interface ClaudeCodeSpec {
  readonly params: readonly string[];
  /** Defaults of the optional parameters; `CWD` stands for the scenario's working directory. */
  readonly defaults: Readonly<Record<string, Value>>;
  readonly kinds: Readonly<Record<string, ParamKind>>;
}

const CWD = '\u0000cwd';

const SPECS: Readonly<Record<string, ClaudeCodeSpec>> = Object.freeze({
  Read: { params: ['file_path', 'offset', 'limit'], defaults: { offset: 0, limit: 2000 }, kinds: { file_path: 'path' } },
  Write: { params: ['file_path', 'content'], defaults: {}, kinds: { file_path: 'path' } },
  Edit: {
    params: ['file_path', 'old_string', 'new_string', 'replace_all'],
    defaults: { replace_all: false },
    kinds: { file_path: 'path' },
  },
  Bash: { params: ['command', 'description', 'timeout'], defaults: { description: '', timeout: 120000 }, kinds: { command: 'shell' } },
  WebFetch: { params: ['url', 'prompt'], defaults: {}, kinds: { url: 'url' } },
  Glob: { params: ['pattern', 'path'], defaults: { path: CWD }, kinds: { path: 'path' } },
  Grep: {
    params: ['pattern', 'path', 'glob', 'output_mode'],
    defaults: { path: CWD, glob: '', output_mode: 'files_with_matches' },
    kinds: { path: 'path' },
  },
});

export const CLAUDE_CODE_TOOL_NAMES: readonly string[] = Object.keys(SPECS);

export function isClaudeCodeTool(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(SPECS, name);
}

/** The tool as a scenario declares it, its defaults resolved against `cwd`. */
export function claudeCodeTool(name: string, cwd: string): CustomTool {
  const spec = SPECS[name]!;
  const defaults: Record<string, Value> = {};
  for (const [k, v] of Object.entries(spec.defaults)) defaults[k] = v === CWD ? cwd : v;
  return { params: spec.params, returns: '', kinds: spec.kinds, defaults, claudeCode: { cwd } };
}
