/**
 * `enforce: {TOOL: SPEC}` of a `tenuo.yaml`: each Claude Code tool's one governed argument
 * (Read/Write/Edit `file_path`, Bash `command`, Glob/Grep `path`, WebFetch `url`) under the
 * constraint SPEC names, as `tenuo-claude` builds its session warrant; WebFetch's
 * `{domains, cidrs, schemes, ports}` web policy as `make_web_constraints` builds it. Where the hook
 * signs something other than the call's own argument (a `subpath:` path resolved against its
 * working directory, WebFetch's `host`), the tool carries a HookView (src/world/claude-hook.ts).
 */
import { parseNetwork } from '../../lib/ip.js';
import type { PEntry, PMap } from '../../lib/yaml-tree.js';
import type { HookView } from '../../model/scenario.js';
import { globProblem } from '../../warrant/constraints/pattern-syntax.js';
import type { Constraint } from '../../warrant/constraints/types.js';
import { HOST_PARAM } from '../../world/claude-hook.js';
import { pythonIntOf, pythonTruthy } from './constraint-spec.js';
import { entry, entrySpan, grantOf, isSubpathSpec, text, type PolicyReader } from './policy-reader.js';

/** Claude Code tool → the argument `tenuo-claude` constrains (its TOOL_DEFAULTS field). */
const GOVERNED_FIELD: Readonly<Record<string, string>> = {
  Read: 'file_path',
  Write: 'file_path',
  Edit: 'file_path',
  Bash: 'command',
  Glob: 'path',
  Grep: 'path',
  WebFetch: 'url',
};

/**
 * The capability `tenuo-claude` names each native tool by (TOOL_DEFAULTS). Its warrant holds one
 * entry per capability, natives first, so an `mcp.enforce` tool of the same name is checked
 * under the native tool's constraint.
 */
export const NATIVE_CAPABILITY: Readonly<Record<string, string>> = {
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'edit_file',
  Bash: 'run_command',
  Glob: 'glob',
  Grep: 'grep',
  WebFetch: 'web_fetch',
};

/** Tools `tenuo-claude` governs that the benchmark's environment does not simulate. */
const NOT_SIMULATED = ['PowerShell', 'Monitor', 'WebSearch', 'NotebookEdit'];

export function readEnforce(reader: PolicyReader, enforce: PEntry): void {
  if (!pythonTruthy(enforce.value)) return; // `cfg.get("enforce") or {}`
  if (enforce.value.kind !== 'map')
    return reader.problem(enforce.value.span.start, 'enforce: expected a map of Claude Code tool → constraint');
  for (const t of enforce.value.entries) {
    const field = Object.prototype.hasOwnProperty.call(GOVERNED_FIELD, t.key) ? GOVERNED_FIELD[t.key] : undefined;
    if (field === undefined) {
      reader.problem(
        t.keySpan.start,
        NOT_SIMULATED.includes(t.key)
          ? `enforce: ${t.key} is a Claude Code tool the benchmark's environment does not simulate (it has ${Object.keys(GOVERNED_FIELD).join(', ')})`
          : `enforce: unknown tool '${t.key}' (Claude Code tools: ${Object.keys(GOVERNED_FIELD).join(', ')}; MCP tools go under mcp.enforce)`,
      );
      continue;
    }
    let constraints: Record<string, Constraint> | undefined;
    let hook: HookView | undefined;
    if (t.value.kind === 'map') {
      if (t.key !== 'WebFetch') {
        reader.problem(t.value.span.start, approvalOrShape(t.value, `enforce.${t.key}`));
        continue;
      }
      constraints = webPolicy(reader, t.value);
      hook = { cwd: reader.context.cwd, host: { from: field } };
    } else {
      const c = reader.spec(t.value, `enforce.${t.key}`);
      constraints = c && { [field]: c };
      if (isSubpathSpec(t.value)) hook = { cwd: reader.context.cwd, resolve: [{ param: field, emptyIsCwd: true }] };
    }
    if (constraints !== undefined) reader.nativeCaps.set(NATIVE_CAPABILITY[t.key]!, constraints);
    const params = reader.context.paramsOf(t.key);
    if (constraints === undefined || params === undefined) continue;
    // `enforce` wins over `allow:` for the same tool, as tenuo-claude resolves it.
    reader.grants[t.key] = grantOf(hook?.host ? [...params, HOST_PARAM] : params, constraints);
    reader.ruleSpans[t.key] = { ...entrySpan(t), ...(t.value.kind === 'map' && { params: webPolicyParts(t.value) }) };
    if (hook !== undefined) reader.hooks[t.key] = hook;
  }
}

/**
 * WebFetch's web policy as `make_web_constraints` builds it: `url` under UrlSafe (schemes, by
 * default https, or http and https when `cidrs:` is set; private ranges blocked unless `cidrs:`
 * is set; loopback, metadata and reserved always), and the `host` the hook derives from the URL
 * under the domains as Patterns and the cidrs as Cidrs, any of them.
 */
function webPolicy(reader: PolicyReader, m: PMap): Record<string, Constraint> | undefined {
  for (const e of m.entries) {
    if (e.key === 'approval')
      reader.problem(
        e.keySpan.start,
        'enforce.WebFetch.approval: a human approval gate needs Tenuo Cloud; the benchmark cannot produce approvals',
      );
    else if (!['domains', 'cidrs', 'schemes', 'ports'].includes(e.key))
      reader.problem(e.keySpan.start, `enforce.WebFetch: unknown key '${e.key}' (domains, cidrs, schemes, ports)`);
  }
  const before = reader.problems.length;
  const domains = textList(reader, entry(m, 'domains'), 'enforce.WebFetch.domains') ?? [];
  const cidrs = textList(reader, entry(m, 'cidrs'), 'enforce.WebFetch.cidrs') ?? [];
  if (reader.problems.length > before) return undefined;
  if (domains.length === 0 && cidrs.length === 0) {
    reader.problem(m.span.start, 'enforce.WebFetch: a web policy needs at least one of: domains, cidrs');
    return undefined;
  }
  const schemes = textList(reader, entry(m, 'schemes'), 'enforce.WebFetch.schemes')?.map((s) => s.value);
  const ports = webPorts(reader, entry(m, 'ports'));
  const members: Constraint[] = [];
  for (const d of domains) {
    const c = domainPattern(reader, d.value, d.offset);
    if (c !== undefined) members.push(c);
  }
  for (const c of cidrs) {
    if (parseNetwork(c.value) === undefined)
      reader.problem(c.offset, `enforce.WebFetch.cidrs: '${c.value}' is not a CIDR network such as 10.0.0.0/8`);
    else members.push({ type: 'cidr', network: c.value });
  }
  if (members.length !== domains.length + cidrs.length || ports === undefined) return undefined;
  const url: Constraint = {
    type: 'url_safe',
    schemes: schemes !== undefined && schemes.length > 0 ? schemes : cidrs.length === 0 ? ['https'] : ['http', 'https'],
    allowDomains: null,
    denyDomains: null,
    allowPorts: ports,
    blockPrivate: cidrs.length === 0,
    blockLoopback: true,
    blockMetadata: true,
    blockReserved: true,
    blockInternalTlds: false,
  };
  return { url, [HOST_PARAM]: members.length === 1 ? members[0]! : { type: 'any', constraints: members } };
}

/** Which keys of a web policy constrain which argument: the hosts `host`, the schemes and ports `url`. */
const WEB_POLICY_PARTS: Readonly<Record<string, readonly string[]>> = { [HOST_PARAM]: ['domains', 'cidrs'], url: ['schemes', 'ports'] };

/** The span of each argument's part of a web policy (its keys, in the order written), for the guard's annotations. */
function webPolicyParts(m: PMap): Record<string, { start: number; end: number }> {
  const out: Record<string, { start: number; end: number }> = {};
  for (const [param, keys] of Object.entries(WEB_POLICY_PARTS)) {
    const spans = keys.flatMap((k) => {
      const e = entry(m, k);
      return e === undefined ? [] : [entrySpan(e)];
    });
    if (spans.length > 0) out[param] = { start: Math.min(...spans.map((x) => x.start)), end: Math.max(...spans.map((x) => x.end)) };
  }
  return out;
}

/**
 * A domain as tenuo-claude's `Pattern(d)` on the host the hook signs (lower-cased by Python's
 * `urlsplit`): `*.example.com` matches a subdomain, not the domain itself.
 */
function domainPattern(reader: PolicyReader, d: string, offset: number): Constraint | undefined {
  if (d !== d.toLowerCase()) {
    reader.problem(
      offset,
      `enforce.WebFetch.domains: '${d}' has upper-case letters; tenuo-claude matches it against the lower-cased host, so it allows nothing (write it in lower case)`,
    );
    return undefined;
  }
  const problem = globProblem(d);
  if (problem !== undefined) {
    reader.problem(offset, `enforce.WebFetch.domains: '${d}': invalid glob pattern: ${problem}`);
    return undefined;
  }
  return { type: 'pattern', pattern: d };
}

/** `parse_ports`: an empty value is no port list; each item as Python's `int(p)` reads it. */
function webPorts(reader: PolicyReader, e: PEntry | undefined): number[] | null | undefined {
  if (e === undefined || !pythonTruthy(e.value)) return null;
  if (e.value.kind !== 'seq') {
    reader.problem(e.value.span.start, 'enforce.WebFetch.ports: expected a list of port numbers');
    return undefined;
  }
  const out: number[] = [];
  for (const item of e.value.items) {
    const n = item.kind === 'scalar' ? pythonIntOf(item.value) : undefined;
    if (n === undefined || n < 1 || n > 65535) {
      reader.problem(
        item.span.start,
        `enforce.WebFetch.ports: ${JSON.stringify(item.kind === 'scalar' ? String(item.value) : null)} is not a port (1-65535)`,
      );
      return undefined;
    }
    out.push(n);
  }
  return out;
}

/** A list of text (`[str(d) for d in policy.get(KEY) or []]`): an empty value is no list. */
function textList(reader: PolicyReader, e: PEntry | undefined, where: string): { value: string; offset: number }[] | undefined {
  if (e === undefined || !pythonTruthy(e.value)) return undefined;
  if (e.value.kind !== 'seq') {
    reader.problem(e.value.span.start, `${where}: expected a list`);
    return undefined;
  }
  const out: { value: string; offset: number }[] = [];
  for (const i of e.value.items) {
    const t = text(i);
    // Python's str() of a number or a map would make a pattern no host is written as.
    if (t === undefined) reader.problem(i.span.start, `${where}: expected text`);
    else out.push({ value: t, offset: i.span.start });
  }
  return out.length === e.value.items.length ? out : undefined;
}

function approvalOrShape(m: PMap, where: string): string {
  return entry(m, 'approval') !== undefined
    ? `${where}.approval: a human approval gate needs Tenuo Cloud; the benchmark cannot produce approvals`
    : `${where}: expected a constraint string (only WebFetch takes a web policy)`;
}
