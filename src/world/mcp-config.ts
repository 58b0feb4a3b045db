/**
 * Tenuo's McpConfig extraction (`tenuo-core/src/mcp.rs` `extract_constraints`, `extraction.rs`
 * `CompiledExtractionRules::extract_all`), as `MCPVerifier` runs it with a config: the warrant's
 * constraints are matched against the extracted view, the PoP against the arguments as sent.
 *
 * Per field: `from: body` walks the arguments along `path` split on `.` (a `*` segment maps over a
 * list and keeps what each item yields, nothing when none does; a segment of digits indexes a
 * list; any other one reads an object's key); `from: literal` is the rule's `default`; `path`,
 * `query` and `header` read nothing over MCP. A field that yields nothing is an extraction error
 * when `required` (MCPVerifier refuses the call, JSON-RPC -32602), else takes its `default`, else
 * is left out. `type:` is a hint Tenuo does not apply: no coercion happens. `None` is stripped
 * afterwards (MCPVerifier's `strip_none_values`).
 */
import type { McpExtractionRule } from '../model/scenario.js';
import { canonicalArgs } from '../warrant/pop.js';
import { Float, type Args, type Value } from '../warrant/constraint-value.js';
import { BenchError } from '../lib/errors.js';

/** A required field the call does not carry, or a tool the config does not define. */
export class McpExtractionError extends BenchError {
  override readonly name = 'McpExtractionError';
  readonly code = 'mcp_extraction_failed';
  readonly kind = 'decision' as const;
}

/** An object argument (a map), not a list, a float or bytes. */
function isObject(v: Value): v is Readonly<Record<string, Value>> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Float) && !(v instanceof Uint8Array);
}

/** `extract_compiled_recursive`: undefined where Tenuo's yields None. */
function walk(v: Value, segments: readonly string[]): Value | undefined {
  if (segments.length === 0) return v;
  const [segment, ...rest] = segments as [string, ...string[]];
  if (segment === '*') {
    if (!Array.isArray(v)) return undefined;
    const out = v.map((item) => walk(item, rest)).filter((x): x is Value => x !== undefined);
    return out.length === 0 ? undefined : out;
  }
  if (/^\d+$/.test(segment)) {
    // serde_json's `get(usize)`: a list's item; an object has none.
    const i = Number(segment);
    return Array.isArray(v) && Number.isSafeInteger(i) && i < v.length ? walk(v[i]!, rest) : undefined;
  }
  return isObject(v) && Object.prototype.hasOwnProperty.call(v, segment) ? walk(v[segment]!, rest) : undefined;
}

function extractOne(rule: McpExtractionRule, sent: Args): Value | undefined {
  switch (rule.from) {
    case 'body':
      return walk(sent as Value, rule.path.split('.'));
    case 'literal':
      return rule.default;
    default:
      return undefined; // path, query, header: an MCP call has none
  }
}

/**
 * The extracted view of a call (constraint arguments), `None` stripped. `rules` null: the tool is
 * not in the config. Throws McpExtractionError where MCPVerifier refuses the call.
 */
export function extractConstraints(tool: string, rules: Readonly<Record<string, McpExtractionRule>> | null, sent: Args): Args {
  if (rules === null) throw new McpExtractionError(`Tool '${tool}' not defined in Tenuo configuration (mcp-config)`);
  const out = Object.create(null) as Record<string, Value>;
  for (const field of Object.keys(rules)) {
    const rule = rules[field]!;
    const v = extractOne(rule, sent);
    if (v !== undefined) out[field] = v;
    else if (rule.required) throw new McpExtractionError(`missing required field '${field}' (from ${rule.from} '${rule.path}')`);
    else if (rule.default !== undefined) out[field] = rule.default;
  }
  return canonicalArgs(out);
}

/** The fields every call's extracted view carries: required ones, and those with a default that is not null. */
export function alwaysExtracted(rules: Readonly<Record<string, McpExtractionRule>> | null): string[] {
  if (rules === null) return [];
  return Object.keys(rules).filter((f) => rules[f]!.required || (rules[f]!.default !== undefined && rules[f]!.default !== null));
}
