/**
 * `mcp.enforce: {TOOL: SPEC | {arg|args, constraint}}` of a `tenuo.yaml`: the scenario's
 * `mcp__SERVER__TOOL` with the named arguments under their constraints (a bare SPEC constrains
 * `path`, as `parse_mcp_enforce_spec` reads it). When TOOL is the capability of an enforced native
 * tool (`read_file` is Read's), the warrant keeps the native tool's constraint, first wins.
 */
import type { PEntry, PMap, PNode } from '../../lib/yaml-tree.js';
import type { Constraint } from '../../warrant/constraints/types.js';
import { pythonTruthy } from './constraint-spec.js';
import { entry, entrySpan, grantOf, isSubpathSpec, mcpBareName, text, type PolicyReader } from './policy-reader.js';

/**
 * The argument an `mcp.enforce` constraint string (or `{constraint}` without `arg:`) constrains:
 * `parse_mcp_enforce_spec` puts it on `path` for every tool (its MCP_ARG_FIELD table only names
 * the argument of an approval gate).
 */
const MCP_DEFAULT_ARG = 'path';

/** `mcp.enforce`: each entry constrains the named arguments of the scenario's `mcp__SERVER__TOOL`. */
export function readMcp(reader: PolicyReader, mcp: PEntry): void {
  if (mcp.value.kind !== 'map') return reader.problem(mcp.value.span.start, 'mcp: expected a map');
  const enforce = entry(mcp.value, 'enforce');
  if (enforce === undefined || !pythonTruthy(enforce.value)) return; // `.get("enforce") or {}`
  if (enforce.value.kind !== 'map') return reader.problem(enforce.value.span.start, 'mcp.enforce: expected a map of MCP tool → constraint');
  for (const t of enforce.value.entries) {
    reader.mcpCaps.add(t.key);
    const specs = mcpSpecs(reader, t);
    if (specs === undefined) continue;
    const tools = reader.context.declared.filter((name) => name === t.key || mcpBareName(name) === t.key);
    for (const tool of tools) mcpTool(reader, t, tool, specs);
  }
}

/** One declared tool an `mcp.enforce` entry governs: the arguments the hook signs, under their constraints. */
function mcpTool(reader: PolicyReader, t: PEntry, tool: string, specs: readonly { arg: string; node: PNode }[]): void {
  if (reader.allowed.includes(tool)) {
    delete reader.grants[tool];
    // resolve_tool looks a call up in the allow list before mcp.enforce: the hook signs none
    // of its arguments, so which one decides depends on the capability names, not the policy.
    reader.problem(
      t.keySpan.start,
      `mcp.enforce.${t.key}: ${tool} is also allowed (allow: or the bundled tools); tenuo-claude's hook checks the allow list first and signs none of its arguments, so the constraint would not be what decides (name the tool in only one of them)`,
    );
    return;
  }
  const params = reader.context.paramsOf(tool) ?? [];
  const constraints: Record<string, Constraint> = {};
  const resolve: { param: string; emptyIsCwd: boolean }[] = [];
  for (const s of specs) {
    if (!params.includes(s.arg)) {
      const defaulted = s.arg === MCP_DEFAULT_ARG && (t.value.kind === 'scalar' || entry(t.value as PMap, 'arg') === undefined);
      reader.problem(
        s.node.span.start,
        `mcp.enforce.${t.key}: constrains '${s.arg}', which ${tool} does not take (it takes ${params.join(', ') || 'no parameters'})${defaulted ? `; a constraint without arg: is on '${MCP_DEFAULT_ARG}', so tenuo-claude's hook would sign ${MCP_DEFAULT_ARG}: null on every call and decide on that, not on the call (name the argument: {arg: NAME, constraint: SPEC})` : ''}`,
      );
      continue;
    }
    const c = reader.spec(s.node, `mcp.enforce.${t.key}`);
    if (c !== undefined) constraints[s.arg] = c;
    // The hook resolves a path argument of an MCP tool only when it is non-empty text.
    if (isSubpathSpec(s.node)) resolve.push({ param: s.arg, emptyIsCwd: false });
  }
  if (Object.keys(constraints).length !== specs.length) return;
  const granted = sharedCapability(reader, t, tool, constraints);
  if (granted === undefined) return;
  reader.grants[tool] = grantOf(params, granted);
  reader.ruleSpans[tool] = entrySpan(t);
  if (resolve.length > 0) reader.hooks[tool] = { cwd: reader.context.cwd, resolve };
}

/**
 * The constraints the warrant holds for an MCP tool: its own, unless it is named like the
 * capability of an enforced native tool (`read_file` is Read's). enforced_capabilities keeps
 * the first entry of a capability, the native one, so the MCP call is checked under it.
 */
function sharedCapability(
  reader: PolicyReader,
  t: PEntry,
  tool: string,
  own: Record<string, Constraint>,
): Record<string, Constraint> | undefined {
  const native = reader.nativeCaps.get(t.key);
  if (native === undefined) return own;
  const nativeArgs = Object.keys(native)
    .map((a) => (a === 'file_path' ? 'path' : a))
    .sort();
  const signed = Object.keys(own).sort();
  if (nativeArgs.join('\0') !== signed.join('\0')) {
    reader.problem(
      t.keySpan.start,
      `mcp.enforce.${t.key}: '${t.key}' is also the capability of a native tool in enforce, and tenuo-claude's warrant keeps the native tool's constraint on ${nativeArgs.join(', ')}; ${tool}'s calls sign ${signed.join(', ')}, so none would be allowed (constrain the same argument in both, or drop one of them)`,
    );
    return undefined;
  }
  const out: Record<string, Constraint> = {};
  for (const [a, c] of Object.entries(native)) out[a === 'file_path' ? 'path' : a] = c;
  return out;
}

/** An `mcp.enforce` entry's argument → constraint pairs (parse_mcp_enforce_spec). */
function mcpSpecs(reader: PolicyReader, t: PEntry): { arg: string; node: PNode }[] | undefined {
  const v = t.value;
  if (v.kind === 'scalar') return [{ arg: MCP_DEFAULT_ARG, node: v }];
  if (v.kind !== 'map') {
    reader.problem(v.span.start, `mcp.enforce.${t.key}: expected a constraint string or {arg, constraint} / {args}`);
    return undefined;
  }
  const bad = v.entries.find((x) => !['arg', 'args', 'constraint'].includes(x.key));
  if (bad !== undefined) {
    reader.problem(
      bad.keySpan.start,
      bad.key === 'approval' || bad.key === 'exempt'
        ? `mcp.enforce.${t.key}.${bad.key}: a human approval gate needs Tenuo Cloud; the benchmark cannot produce approvals`
        : `mcp.enforce.${t.key}: unknown key '${bad.key}' (arg, args, constraint)`,
    );
    return undefined;
  }
  const args = entry(v, 'args');
  if (args !== undefined) {
    if (args.value.kind !== 'map' || args.value.entries.length === 0 || entry(v, 'arg') || entry(v, 'constraint')) {
      reader.problem(args.value.span.start, `mcp.enforce.${t.key}.args: expected a non-empty map of argument → constraint string, alone`);
      return undefined;
    }
    return args.value.entries.map((a) => ({ arg: a.key, node: a.value }));
  }
  const c = entry(v, 'constraint');
  if (c === undefined) {
    reader.problem(v.span.start, `mcp.enforce.${t.key}: needs a constraint`);
    return undefined;
  }
  const arg = entry(v, 'arg');
  return [{ arg: arg ? String(text(arg.value) ?? '') : MCP_DEFAULT_ARG, node: c.value }];
}
