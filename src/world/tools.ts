/**
 * The eleven tools of the simulated environment and their signatures: what the loader checks
 * calls and grants against, what kind of value each parameter is (how the environment really uses
 * it), and the defaults of the optional parameters. A scenario may declare more under `tools:`.
 *
 * A call is authorized as Tenuo's Python guard authorizes it: its arguments are bound to the
 * tool's signature and the defaults applied (`sig.bind(...)`, `bound.apply_defaults()`), so a
 * call that leaves out `memo` is authorized, signed and run with `memo: ""`.
 */
import type { Args, Value } from '../warrant/constraint-value.js';
import type { CustomTool, ParamKind } from '../model/scenario.js';
import { BenchError } from '../lib/errors.js';

export interface ToolSignature {
  /** Every parameter, in the order the tool documents them. */
  readonly params: readonly string[];
  /** Parameters a call must pass: those without a default. */
  readonly required: readonly string[];
  /** Optional parameter → the value a call that leaves it out is authorized and run with. */
  readonly defaults: Readonly<Record<string, Value>>;
  /** Parameters that are more than text (the rest are `text`). */
  readonly kinds?: Readonly<Record<string, ParamKind>>;
}

export const BUILTIN_TOOLS: Readonly<Record<string, ToolSignature>> = Object.freeze({
  read_email: { params: ['email_id'], required: ['email_id'], defaults: {} },
  list_emails: { params: [], required: [], defaults: {} },
  send_email: {
    params: ['recipients', 'subject', 'body'],
    required: ['recipients', 'subject', 'body'],
    defaults: {},
    kinds: { recipients: 'email_list' },
  },
  read_file: { params: ['path'], required: ['path'], defaults: {}, kinds: { path: 'path' } },
  write_file: { params: ['path', 'content'], required: ['path', 'content'], defaults: {}, kinds: { path: 'path' } },
  list_files: { params: ['directory'], required: ['directory'], defaults: {}, kinds: { directory: 'path' } },
  transfer_money: { params: ['to', 'amount', 'memo'], required: ['to', 'amount'], defaults: { memo: '' }, kinds: { amount: 'number' } },
  get_balance: { params: [], required: [], defaults: {} },
  list_transactions: { params: [], required: [], defaults: {} },
  run_command: { params: ['command'], required: ['command'], defaults: {}, kinds: { command: 'shell' } },
  http_request: { params: ['url', 'method', 'body'], required: ['url'], defaults: { method: 'GET', body: '' }, kinds: { url: 'url' } },
} satisfies Record<string, ToolSignature>);

export const BUILTIN_TOOL_NAMES: readonly string[] = Object.keys(BUILTIN_TOOLS);

export function isBuiltinTool(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILTIN_TOOLS, name);
}

/** A custom tool's signature: a parameter with a default is optional, every other one required. */
export function customSignature(def: CustomTool): ToolSignature {
  const defaults = def.defaults ?? {};
  return {
    params: def.params,
    required: def.params.filter((p) => !Object.prototype.hasOwnProperty.call(defaults, p)),
    defaults,
    ...(def.kinds ? { kinds: def.kinds } : {}),
  };
}

/** The signature of a built-in or of one of `custom`; undefined for a tool neither has. */
export function signatureOf(tool: string, custom: Readonly<Record<string, CustomTool>>): ToolSignature | undefined {
  // A scenario's own tool of a built-in's name replaces the built-in (docs/scenarios.md).
  const def = Object.prototype.hasOwnProperty.call(custom, tool) ? custom[tool] : undefined;
  if (def !== undefined) return customSignature(def);
  return isBuiltinTool(tool) ? BUILTIN_TOOLS[tool] : undefined;
}

/**
 * Names a scenario may not give a tool or a parameter: the members of a JavaScript object
 * (`__proto__`, `constructor`, `toString`, ...). A map keyed by one of them can read or replace
 * what every object inherits, so such a name is refused when the file is loaded rather than
 * trusted to every table it would pass through.
 */
export function isReservedName(name: string): boolean {
  return name in Object.prototype;
}

/** A call that cannot be bound to its tool's signature: Python raises TypeError, the guard denies. */
export class ArgumentBindingError extends BenchError {
  override readonly name = 'ArgumentBindingError';
  readonly kind = 'decision' as const;
  readonly code = 'argument_binding_error';
}

/**
 * The arguments as the guard authorizes them: bound to the signature and every default applied,
 * in the signature's order. A call that cannot be bound is an ArgumentBindingError with the text
 * of Python's `Signature.bind` TypeError, checked in its order: the first required parameter left
 * out, then the first argument the signature does not name.
 */
export function bindArguments(sig: ToolSignature, args: Args): Args {
  const has = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);
  const bound = Object.create(null) as Record<string, Value>;
  for (const p of sig.params) {
    if (has(args, p)) bound[p] = args[p]!;
    else if (has(sig.defaults, p)) bound[p] = sig.defaults[p]!;
    else throw new ArgumentBindingError(`missing a required argument: '${p}'`);
  }
  const unexpected = Object.keys(args).find((name) => !sig.params.includes(name));
  if (unexpected !== undefined) throw new ArgumentBindingError(`got an unexpected keyword argument '${unexpected}'`);
  return bound;
}
