/**
 * Claude Code's tools in a recorded run (src/world/claude-code.ts): each has the effect of the
 * built-in of the same kind (docs/effects.md), so `init` rebuilds the environment, writes the
 * judges and picks the attacks for it as for that built-in: a Read as a `read_file`, a Write or
 * an Edit as a `write_file`, a Bash command as a `run_command`, a WebFetch as a GET
 * `http_request`, a Glob or a Grep as a `list_files` of its folder. A relative path resolves
 * against the working directory, as Claude Code resolves it.
 */
import type { Value } from '../warrant/constraint-value.js';
import { DEFAULT_CWD } from '../world/claude-code.js';
import { normalizePosixPath } from '../world/posix-path.js';

export interface AsBuiltin {
  readonly tool: string;
  readonly bound: Readonly<Record<string, Value>>;
}

function absolute(v: Value | undefined, cwd: string): Value {
  if (typeof v !== 'string') return v ?? '';
  return normalizePosixPath(v.startsWith('/') ? v : `${cwd}/${v}`);
}

/** The built-in call with the same effect as the Claude Code call; undefined for any other tool. */
export function claudeCodeAsBuiltin(
  tool: string,
  bound: Readonly<Record<string, Value>>,
  cwd: string = DEFAULT_CWD,
): AsBuiltin | undefined {
  switch (tool) {
    case 'Read':
      return { tool: 'read_file', bound: { path: absolute(bound.file_path, cwd) } };
    case 'Write':
      return { tool: 'write_file', bound: { path: absolute(bound.file_path, cwd), content: bound.content ?? '' } };
    case 'Edit':
      return { tool: 'write_file', bound: { path: absolute(bound.file_path, cwd), content: bound.new_string ?? '' } };
    case 'Bash':
      return { tool: 'run_command', bound: { command: bound.command ?? '' } };
    case 'WebFetch':
      return { tool: 'http_request', bound: { url: bound.url ?? '', method: 'GET', body: '' } };
    case 'Glob':
    case 'Grep':
      return { tool: 'list_files', bound: { directory: absolute(bound.path, cwd) } };
    default:
      return undefined;
  }
}

/** Claude Code's parameters that carry free text the agent composes: any value goes. */
export const CLAUDE_CODE_FREE_TEXT: readonly string[] = [
  'Write.content',
  'Edit.old_string',
  'Edit.new_string',
  'Bash.description',
  'WebFetch.prompt',
];
