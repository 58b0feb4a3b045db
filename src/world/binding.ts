/**
 * How a tool's calls reach Tenuo's authorizer: the integration decides which arguments are
 * authorized and which are signed, and Tenuo's closed world denies both a field the grant does not
 * name and a named field the call leaves out ("missing required argument"), so the binding decides
 * verdicts (docs/scenarios.md#bindings):
 *
 * | binding       | integration                | authorized                                               | signed (PoP) |
 * | `guard`       | tenuo-python's `@guard`    | bound to the signature, defaults applied, `None` stripped | the same     |
 * | `mcp`         | `MCPVerifier`, raw mode    | the arguments as sent, `None` stripped                    | the same     |
 * | `mcp-config`  | `MCPVerifier` + McpConfig  | the extracted view (mcp-config.ts), `None` stripped       | the arguments as sent, `None` stripped |
 * | `claude-hook` | tenuo-claude's hook        | the hook's view (claude-hook.ts signedArgsOf)             | the same     |
 *
 * `None` stripping is tenuo-python's `strip_none_values` (`_pop_canonicalize.py`), which the guard
 * and the MCP verifier apply before matching and signing: a parameter whose value is `None` is
 * absent, not null. Built-in tools and tools declared by hand are `guard`; tools read from an MCP
 * tools/list are `mcp`; a scenario may set a tool's binding.
 */
import type { CustomTool, ToolBinding } from '../model/scenario.js';
import { canonicalArgs } from '../warrant/pop.js';
import type { Args } from '../warrant/constraint-value.js';
import { alwaysExtracted } from './mcp-config.js';
import { bindArguments, type ToolSignature } from './tools.js';

export type { ToolBinding } from '../model/scenario.js';

/** The bindings a scenario may set (`claude-hook` comes with a governance policy's hook). */
export const TOOL_BINDINGS: readonly ToolBinding[] = ['guard', 'mcp', 'mcp-config', 'claude-hook'];

/** What each binding authorizes, as `validate` says it. */
export const BINDING_SAYS: Readonly<Record<ToolBinding, string>> = {
  guard: "Tenuo's @guard: arguments bound to the signature, defaults applied, None stripped",
  mcp: "Tenuo's MCPVerifier: the arguments as sent, None stripped, no defaults",
  'mcp-config': "Tenuo's MCPVerifier with a McpConfig: the extracted view authorized, the sent arguments signed",
  'claude-hook': "Tenuo's Claude Code hook: the hook's view of the call",
};

export function isToolBinding(value: unknown): value is ToolBinding {
  return typeof value === 'string' && (TOOL_BINDINGS as readonly string[]).includes(value);
}

/** A tool's binding: a built-in (no definition) is `guard`; a tool with a hook view is `claude-hook`. */
export function bindingOf(def: CustomTool | undefined): ToolBinding {
  if (def === undefined) return 'guard';
  if (def.hook !== undefined) return 'claude-hook';
  return def.binding ?? 'guard';
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

/** Whether the binding authorizes what the caller sent (no defaults) rather than the bound call. */
export function sendsAsIs(binding: ToolBinding): boolean {
  return binding === 'mcp' || binding === 'mcp-config';
}

/**
 * The arguments a scripted call keeps: bound with the defaults where the binding binds (guard, the
 * hook's tools), as sent where it does not (MCP). Throws ArgumentBindingError for a call the
 * signature cannot take (every binding: a scripted call is checked against its tool's signature).
 */
export function callArgs(sig: ToolSignature, def: CustomTool | undefined, sent: Args): Args {
  const bound = bindArguments(sig, sent);
  return sendsAsIs(bindingOf(def)) ? sent : bound;
}

/** The arguments the tool runs with: the server applies its defaults whatever the binding. */
export function executedArgs(sig: ToolSignature, args: Args): Args {
  return bindArguments(sig, args);
}

/**
 * The parameters every call carries under the binding, those a strict grant must name (one left
 * out would deny every call as an unknown field): under `guard` the required ones and those whose
 * default is not `None`; under MCP the required ones; under the hook every one (it binds as guard).
 */
export function alwaysPresent(sig: ToolSignature, def: CustomTool | undefined): readonly string[] {
  switch (bindingOf(def)) {
    case 'mcp':
      return sig.required;
    case 'mcp-config':
      return def?.mcpConfig === undefined ? sig.required : alwaysExtracted(def.mcpConfig.rules);
    case 'guard':
      return sig.params.filter((p) => !Object.prototype.hasOwnProperty.call(sig.defaults, p) || sig.defaults[p] !== null);
    case 'claude-hook':
      return sig.params;
  }
}
