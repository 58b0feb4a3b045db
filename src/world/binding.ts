/**
 * How a tool's calls reach Tenuo's authorizer: the integration decides which arguments are
 * authorized and which are signed, and Tenuo's closed world denies both a field the grant does not
 * name and a named field the call leaves out ("missing required argument"), so the binding decides
 * verdicts (docs/scenarios.md#bindings):
 *
 * | binding       | integration                          | authorized                               | signed (PoP)            |
 * | `guard`       | tenuo-python's `@guard`              | bound to the signature, defaults applied, `None` stripped | the same |
 * | `mcp`         | `MCPVerifier`, raw mode              | the arguments as sent, `None` stripped   | the same                |
 * | `mcp-config`  | `MCPVerifier` with a `McpConfig`     | the extracted view (mcp-config.ts)       | the sent arguments, `None` stripped |
 * | `claude-hook` | tenuo-claude's hook                  | the hook's view (claude-hook.ts)         | the same                |
 *
 * `None` stripping is tenuo-python's `strip_none_values` (`_pop_canonicalize.py`), which both the
 * guard and the MCP verifier apply before matching and signing: a parameter whose value is `None`
 * is absent, not null.
 */
import { canonicalArgs } from '../warrant/pop.js';
import type { Args } from '../warrant/value.js';
import { bindArguments, type ToolSignature } from './tools.js';

export const TOOL_BINDINGS = ['guard', 'mcp', 'mcp-config', 'claude-hook'] as const;
export type ToolBinding = (typeof TOOL_BINDINGS)[number];

export function isToolBinding(s: unknown): s is ToolBinding {
  return typeof s === 'string' && (TOOL_BINDINGS as readonly string[]).includes(s);
}

/** tenuo-python's `strip_none_values`: null keys dropped, null list items dropped at any depth. */
export function stripNone(args: Args): Args {
  return canonicalArgs(args);
}

/**
 * `@guard`: `sig.bind(**sent)`, `bound.apply_defaults()`, then `None` stripped, so a parameter left
 * out that defaults to `None` is absent and one that defaults to `""` is present. Throws
 * ArgumentBindingError where `sig.bind` raises TypeError.
 */
export function guardArgs(sig: ToolSignature, sent: Args): Args {
  return stripNone(bindArguments(sig, sent));
}

/** `MCPVerifier` without a config: the arguments as the client sent them, `None` stripped, no defaults. */
export function mcpArgs(sent: Args): Args {
  return stripNone(sent);
}
