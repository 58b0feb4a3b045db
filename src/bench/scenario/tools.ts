/**
 * The eleven tools of the simulated environment (design §3) and their parameters: what the loader
 * checks calls and grants against, and what kind of value each parameter is (how the environment
 * really uses it, design §8). A scenario may declare more under `tools:`.
 */
import type { ParamKind } from './types.js';

export interface ToolSignature {
  /** Every parameter, in the order the tool documents them. */
  readonly params: readonly string[];
  /** Parameters a call must pass (the rest are optional). */
  readonly required: readonly string[];
  /** Parameters that are more than text (the rest are `text`). */
  readonly kinds?: Readonly<Record<string, ParamKind>>;
}

export const BUILTIN_TOOLS: Readonly<Record<string, ToolSignature>> = Object.freeze({
  read_email: { params: ['email_id'], required: ['email_id'] },
  list_emails: { params: [], required: [] },
  send_email: { params: ['recipients', 'subject', 'body'], required: ['recipients', 'subject', 'body'], kinds: { recipients: 'email_list' } },
  read_file: { params: ['path'], required: ['path'], kinds: { path: 'path' } },
  write_file: { params: ['path', 'content'], required: ['path', 'content'], kinds: { path: 'path' } },
  list_files: { params: ['directory'], required: ['directory'], kinds: { directory: 'path' } },
  transfer_money: { params: ['to', 'amount', 'memo'], required: ['to', 'amount'], kinds: { amount: 'number' } },
  get_balance: { params: [], required: [] },
  list_transactions: { params: [], required: [] },
  run_command: { params: ['command'], required: ['command'], kinds: { command: 'shell' } },
  http_request: { params: ['url', 'method', 'body'], required: ['url'], kinds: { url: 'url' } },
});

export const BUILTIN_TOOL_NAMES: readonly string[] = Object.keys(BUILTIN_TOOLS);

export function isBuiltinTool(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILTIN_TOOLS, name);
}
