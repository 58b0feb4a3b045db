/**
 * A `tenuo.yaml` of Tenuo's Claude Code governance (tenuo-ai/claude-governance) as a scenario's
 * task_scoped grant (`warrant: {from: PATH}`, docs/scenarios.md). It maps the policy as that
 * project's `tenuo-claude` builds its session warrant:
 * - `enforce: {TOOL: SPEC}`: the Claude Code tool's one governed argument (Read/Write/Edit
 *   `file_path`, Bash `command`, Glob/Grep `path`, WebFetch `url`) under the constraint SPEC
 *   names (`make_constraint`: `subpath:`, `shlex:`, `regex:`, `pattern:`, `oneof:`, `notoneof:`,
 *   `exact:`, `urlpattern:`, `cidr:`, `range:`, with `{sandbox}` substituted);
 * - WebFetch's `{domains, cidrs, schemes, ports}` web policy (`make_web_constraints`): `url`
 *   under UrlSafe, and the `host` the hook derives from it under the domains and cidrs;
 * - `mcp.enforce: {TOOL: SPEC | {arg|args, constraint}}`: the scenario's `mcp__SERVER__TOOL` (a
 *   bare SPEC constrains `path`); when TOOL is the capability of an enforced native tool
 *   (`read_file` is Read's), the warrant keeps the native tool's constraint, first wins;
 * - `allow:` (and the bundled harness tools): the tool with nothing checked;
 * - everything else is not granted (`default: deny`).
 * Tenuo's hook signs only the governed arguments of a call, so the other arguments of a granted
 * tool are never checked: here they are `wildcard`. Where the hook signs something other than the
 * call's own argument (a `subpath:` path resolved against its working directory, WebFetch's
 * `host`), the tool carries a HookView and the harness signs the same (src/world/claude-hook.ts).
 * What cannot be mapped is a problem at its place in the policy file, never dropped.
 */
import { posix } from 'node:path';
import { compileRegex } from '../lib/regex.js';
import { parseNetwork } from '../lib/ip.js';
import { subpathRoot } from '../warrant/constraints/subpath.js';
import type { Constraint, ConstraintSet, ToolGrants } from '../warrant/constraints/types.js';
import { normalizePosixPath } from '../world/posix-path.js';
import { HOST_PARAM } from '../world/claude-hook.js';
import type { HookView } from '../model/scenario.js';
import { globProblem, urlPatternProblem } from '../warrant/constraints/pattern-syntax.js';
import type { ScenarioProblem } from './errors.js';
import { parseYamlTree, type PEntry, type PMap, type PNode, type ScalarValue } from '../lib/yaml-tree.js';

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
const NATIVE_CAPABILITY: Readonly<Record<string, string>> = {
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

/** `tenuo-claude`'s bundled harness-inert tools, allowed unless `allow_bundled: false`. */
const BUNDLED_ALLOW = ['WebSearch', 'TodoWrite', 'TaskCreate', 'TaskUpdate', 'TaskList', 'TaskGet', 'AskUserQuestion', 'ToolSearch', 'Skill', 'EnterPlanMode', 'ExitPlanMode', 'Workflow'];

/**
 * The argument an `mcp.enforce` constraint string (or `{constraint}` without `arg:`) constrains:
 * `parse_mcp_enforce_spec` puts it on `path` for every tool (its MCP_ARG_FIELD table only names
 * the argument of an approval gate).
 */
const MCP_DEFAULT_ARG = 'path';

/** Keys that do not change what a call may do (transport, Cloud, receipts, lifetimes, subagent roles). */
const INERT_KEYS = ['name', 'authorizer', 'cloud', 'ttl_seconds', 'strict_receipts', 'subagents'];

const KNOWN_KEYS = [...INERT_KEYS, 'sandbox', 'mode', 'enforce', 'default', 'allow', 'audit', 'audit_extra', 'allow_bundled', 'audit_bundled', 'mcp', 'deny'];

export interface PolicyContext {
  /** The policy as displayed (problems are placed in it). */
  readonly file: string;
  /** The scenario's working directory: a relative `sandbox:` resolves against it. */
  readonly cwd: string;
  /** A tool's parameters; a Claude Code tool asked for becomes one of the scenario's tools. */
  readonly paramsOf: (tool: string) => readonly string[] | undefined;
  /** The tools the scenario declares under `tools:`. */
  readonly declared: readonly string[];
}

export interface PolicyGrant {
  readonly grants: ToolGrants;
  readonly problems: readonly ScenarioProblem[];
  /** What `{sandbox}` stood for. */
  readonly sandbox: string;
  /** Governed tools whose calls the hook changes before signing them (src/world/claude-hook.ts). */
  readonly hooks: Readonly<Record<string, HookView>>;
}

/** Whether `from:` names a governance policy rather than a token: by its extension. */
export function isPolicyPath(from: string): boolean {
  return /\.ya?ml$/i.test(from);
}

class PolicyReader {
  readonly problems: ScenarioProblem[] = [];
  readonly grants: Record<string, ConstraintSet> = Object.create(null) as Record<string, ConstraintSet>;
  readonly hooks: Record<string, HookView> = Object.create(null) as Record<string, HookView>;
  /** Native capability → the constraints its warrant entry holds, for an MCP tool of that name. */
  private readonly nativeCaps = new Map<string, Readonly<Record<string, Constraint>>>();
  /** Tool names on the allow list (with the bundled ones): the hook checks them before mcp.enforce. */
  private allowed: readonly string[] = [];
  /** Where each `allow:` name is written (a bundled tool has no place of its own). */
  private readonly allowedAt = new Map<string, number>();
  /** The capability names `mcp.enforce` puts in the warrant. */
  private readonly mcpCaps = new Set<string>();
  sandbox = '';

  constructor(
    private readonly ctx: PolicyContext,
    private readonly linePos: (offset: number) => { line: number; col: number },
  ) {}

  problem(offset: number, message: string): void {
    this.problems.push({ file: this.ctx.file, ...this.linePos(offset), message });
  }

  read(root: PMap): void {
    for (const e of root.entries) {
      if (!KNOWN_KEYS.includes(e.key)) this.problem(e.keySpan.start, `'${e.key}': not a key of a Claude Code governance policy the benchmark knows (${KNOWN_KEYS.join(', ')})`);
    }
    this.sandbox = this.sandboxOf(entry(root, 'sandbox'));
    this.mode(entry(root, 'mode'));
    this.defaultMode(entry(root, 'default'));
    this.allowList(root);
    const enforce = entry(root, 'enforce');
    if (enforce !== undefined) this.enforce(enforce);
    const mcp = entry(root, 'mcp');
    if (mcp !== undefined) this.mcp(mcp);
    this.allowedUnderEnforcedCapability(root);
    this.ttl(entry(root, 'ttl_seconds'));
    this.denyList(entry(root, 'deny'));
  }

  private sandboxOf(e: PEntry | undefined): string {
    const raw = e === undefined ? './sandbox' : text(e.value);
    if (raw === undefined || raw.includes('\0')) {
      this.problem(e!.value.span.start, 'sandbox: expected a path');
      return this.ctx.cwd;
    }
    return normalizePosixPath(raw.startsWith('/') ? raw : posix.join(this.ctx.cwd, raw));
  }

  private mode(e: PEntry | undefined): void {
    const mode = e === undefined ? 'enforce' : mapText(text(e.value), (t) => pyStrip(t).toLowerCase());
    if (mode === 'enforce') return;
    const observe = mode !== undefined && ['dry-run', 'dry_run', 'dryrun', 'audit'].includes(mode);
    this.problem(
      e!.value.span.start,
      observe
        ? `mode: ${mode} observes and never blocks; the benchmark measures what a policy enforces (use mode: enforce)`
        : `unknown mode '${mode ?? ''}' (valid: enforce, dry-run)`,
    );
  }

  private defaultMode(e: PEntry | undefined): void {
    // `(cfg.get("default") or "deny")`: an empty or false value is the default, deny.
    if (e === undefined || !pythonTruthy(e.value)) return;
    const d = mapText(text(e.value), (t) => pyStrip(t).toLowerCase());
    // `audit` and `allow` are read as `deny` by tenuo-claude: enforce must not fail open.
    if (d === 'deny' || d === 'audit' || d === 'allow') return;
    this.problem(
      e.value.span.start,
      d === 'approve'
        ? 'default: approve sends unlisted tools to a human approval in Tenuo Cloud; the benchmark cannot produce approvals (use default: deny)'
        : `unknown default '${d ?? ''}' (valid: deny, approve)`,
    );
  }

  /** `allow:` (and its old names) plus the bundled harness tools: granted with nothing checked. */
  private allowList(root: PMap): void {
    const named: string[] = [];
    for (const key of ['allow', 'audit', 'audit_extra']) {
      const e = entry(root, key);
      // `cfg.get("allow") or []`: an empty value is an empty list.
      if (e === undefined || !pythonTruthy(e.value)) continue;
      if (e.value.kind !== 'seq') {
        this.problem(e.value.span.start, `${key}: expected a list of tool names`);
        continue;
      }
      for (const item of e.value.items) {
        const t = text(item);
        if (t === undefined) this.problem(item.span.start, `${key}: expected a tool name`);
        else {
          named.push(t);
          if (!this.allowedAt.has(t)) this.allowedAt.set(t, item.span.start);
        }
      }
    }
    const tools = [...(bundledOn(root) ? BUNDLED_ALLOW.filter((t) => this.ctx.declared.includes(t)) : []), ...named];
    this.allowed = tools;
    for (const tool of tools) {
      const params = this.ctx.paramsOf(tool);
      if (params !== undefined) this.grants[tool] = grantOf(params, {});
    }
  }

  private enforce(e: PEntry): void {
    if (!pythonTruthy(e.value)) return; // `cfg.get("enforce") or {}`
    if (e.value.kind !== 'map') return this.problem(e.value.span.start, 'enforce: expected a map of Claude Code tool → constraint');
    for (const t of e.value.entries) {
      const field = Object.prototype.hasOwnProperty.call(GOVERNED_FIELD, t.key) ? GOVERNED_FIELD[t.key] : undefined;
      if (field === undefined) {
        this.problem(
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
          this.problem(t.value.span.start, approvalOrShape(t.value, `enforce.${t.key}`));
          continue;
        }
        constraints = this.webPolicy(t.value);
        hook = { cwd: this.ctx.cwd, host: { from: field } };
      } else {
        const c = this.spec(t.value, `enforce.${t.key}`);
        constraints = c && { [field]: c };
        if (isSubpathSpec(t.value)) hook = { cwd: this.ctx.cwd, resolve: [{ param: field, emptyIsCwd: true }] };
      }
      if (constraints !== undefined) this.nativeCaps.set(NATIVE_CAPABILITY[t.key]!, constraints);
      const params = this.ctx.paramsOf(t.key);
      if (constraints === undefined || params === undefined) continue;
      // `enforce` wins over `allow:` for the same tool, as tenuo-claude resolves it.
      this.grants[t.key] = grantOf(hook?.host ? [...params, HOST_PARAM] : params, constraints);
      if (hook !== undefined) this.hooks[t.key] = hook;
    }
  }

  /**
   * WebFetch's web policy as `make_web_constraints` builds it: `url` under UrlSafe (schemes, by
   * default https, or http and https when `cidrs:` is set; private ranges blocked unless `cidrs:`
   * is set; loopback, metadata and reserved always), and the `host` the hook derives from the URL
   * under the domains as Patterns and the cidrs as Cidrs, any of them.
   */
  private webPolicy(m: PMap): Record<string, Constraint> | undefined {
    for (const e of m.entries) {
      if (e.key === 'approval') this.problem(e.keySpan.start, 'enforce.WebFetch.approval: a human approval gate needs Tenuo Cloud; the benchmark cannot produce approvals');
      else if (!['domains', 'cidrs', 'schemes', 'ports'].includes(e.key)) this.problem(e.keySpan.start, `enforce.WebFetch: unknown key '${e.key}' (domains, cidrs, schemes, ports)`);
    }
    const before = this.problems.length;
    const domains = this.strings(entry(m, 'domains'), 'enforce.WebFetch.domains') ?? [];
    const cidrs = this.strings(entry(m, 'cidrs'), 'enforce.WebFetch.cidrs') ?? [];
    if (this.problems.length > before) return undefined;
    if (domains.length === 0 && cidrs.length === 0) {
      this.problem(m.span.start, 'enforce.WebFetch: a web policy needs at least one of: domains, cidrs');
      return undefined;
    }
    const schemes = this.strings(entry(m, 'schemes'), 'enforce.WebFetch.schemes')?.map((s) => s.value);
    const ports = this.ports(entry(m, 'ports'));
    const members: Constraint[] = [];
    for (const d of domains) {
      const c = this.domain(d.value, d.offset);
      if (c !== undefined) members.push(c);
    }
    for (const c of cidrs) {
      if (parseNetwork(c.value) === undefined) this.problem(c.offset, `enforce.WebFetch.cidrs: '${c.value}' is not a CIDR network such as 10.0.0.0/8`);
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

  /**
   * A domain as tenuo-claude's `Pattern(d)` on the host the hook signs (lower-cased by Python's
   * `urlsplit`): `*.example.com` matches a subdomain, not the domain itself.
   */
  private domain(d: string, offset: number): Constraint | undefined {
    if (d !== d.toLowerCase()) {
      this.problem(offset, `enforce.WebFetch.domains: '${d}' has upper-case letters; tenuo-claude matches it against the lower-cased host, so it allows nothing (write it in lower case)`);
      return undefined;
    }
    const problem = globProblem(d);
    if (problem !== undefined) {
      this.problem(offset, `enforce.WebFetch.domains: '${d}': invalid glob pattern: ${problem}`);
      return undefined;
    }
    return { type: 'pattern', pattern: d };
  }

  /** `parse_ports`: an empty value is no port list; each item as Python's `int(p)` reads it. */
  private ports(e: PEntry | undefined): number[] | null | undefined {
    if (e === undefined || !pythonTruthy(e.value)) return null;
    if (e.value.kind !== 'seq') {
      this.problem(e.value.span.start, 'enforce.WebFetch.ports: expected a list of port numbers');
      return undefined;
    }
    const out: number[] = [];
    for (const item of e.value.items) {
      const n = item.kind === 'scalar' ? pythonIntOf(item.value) : undefined;
      if (n === undefined || n < 1 || n > 65535) {
        this.problem(item.span.start, `enforce.WebFetch.ports: ${JSON.stringify(item.kind === 'scalar' ? String(item.value) : null)} is not a port (1-65535)`);
        return undefined;
      }
      out.push(n);
    }
    return out;
  }

  /** A list of text (`[str(d) for d in policy.get(KEY) or []]`): an empty value is no list. */
  private strings(e: PEntry | undefined, where: string): { value: string; offset: number }[] | undefined {
    if (e === undefined || !pythonTruthy(e.value)) return undefined;
    if (e.value.kind !== 'seq') {
      this.problem(e.value.span.start, `${where}: expected a list`);
      return undefined;
    }
    const out: { value: string; offset: number }[] = [];
    for (const i of e.value.items) {
      const t = text(i);
      // Python's str() of a number or a map would make a pattern no host is written as.
      if (t === undefined) this.problem(i.span.start, `${where}: expected text`);
      else out.push({ value: t, offset: i.span.start });
    }
    return out.length === e.value.items.length ? out : undefined;
  }

  /**
   * An allowed tool is granted under the capability `audit_map` names it by (a native tool's, else
   * the lower-cased name). mint_local_warrant leaves that grant out when `enforce` or
   * `mcp.enforce` already put the capability in the warrant with constraints, and the hook signs
   * no argument of an allowed tool: every call of it would be denied. Refused, never guessed.
   */
  private allowedUnderEnforcedCapability(root: PMap): void {
    for (const tool of this.allowed) {
      if (!Object.prototype.hasOwnProperty.call(this.grants, tool)) continue;
      const native = Object.prototype.hasOwnProperty.call(NATIVE_CAPABILITY, tool) ? NATIVE_CAPABILITY[tool]! : undefined;
      if (native !== undefined && this.enforcedNatively(root, tool)) continue; // enforce wins: its own grant
      const cap = native ?? tool.toLowerCase().replace(/-/g, '_');
      if (!this.nativeCaps.has(cap) && !this.mcpCaps.has(cap)) continue;
      delete this.grants[tool];
      this.problem(
        this.allowedAt.get(tool) ?? (entry(root, 'allow_bundled')?.keySpan.start ?? 0),
        `allow: ${tool} is granted as the capability '${cap}', which ${this.nativeCaps.has(cap) ? 'enforce' : 'mcp.enforce'} already puts in tenuo-claude's warrant with constraints; the hook signs no argument of an allowed tool, so every call of it would be denied (drop it from allow:, or govern it under enforce)`,
      );
    }
  }

  private enforcedNatively(root: PMap, tool: string): boolean {
    const e = entry(root, 'enforce');
    return e !== undefined && e.value.kind === 'map' && entry(e.value, tool) !== undefined;
  }

  /** `validate_ttl_seconds`: the session lifetime must be a positive integer (not a bool), or null. */
  private ttl(e: PEntry | undefined): void {
    if (e === undefined || (e.value.kind === 'scalar' && e.value.value === null)) return;
    const v = e.value.kind === 'scalar' ? e.value.value : undefined;
    if (typeof v !== 'bigint' || v <= 0n) this.problem(e.value.span.start, 'ttl_seconds: must be a positive integer (seconds), as tenuo-claude requires');
  }

  /**
   * `deny:` (the shipped policy packs write one) is read by nothing in tenuo-claude: what it lists
   * is denied by `default: deny` alone. A tool it lists that the policy grants would be allowed,
   * so the two disagree and the policy is refused.
   */
  private denyList(e: PEntry | undefined): void {
    if (e === undefined || !pythonTruthy(e.value)) return;
    if (e.value.kind !== 'seq') return this.problem(e.value.span.start, 'deny: expected a list of tool names');
    for (const item of e.value.items) {
      const t = text(item);
      if (t === undefined) {
        this.problem(item.span.start, 'deny: expected a tool name');
        continue;
      }
      const granted = Object.keys(this.grants).filter((g) => g === t || mcpBareName(g) === t);
      if (granted.length > 0) this.problem(item.span.start, `deny: ${t} is granted by this policy (${granted.join(', ')}); tenuo-claude reads no deny: list, so it would be allowed (remove it from one of them)`);
    }
  }

  /** `mcp.enforce`: each entry constrains the named arguments of the scenario's `mcp__SERVER__TOOL`. */
  private mcp(e: PEntry): void {
    if (e.value.kind !== 'map') return this.problem(e.value.span.start, 'mcp: expected a map');
    const enforce = entry(e.value, 'enforce');
    if (enforce === undefined || !pythonTruthy(enforce.value)) return; // `.get("enforce") or {}`
    if (enforce.value.kind !== 'map') return this.problem(enforce.value.span.start, 'mcp.enforce: expected a map of MCP tool → constraint');
    for (const t of enforce.value.entries) {
      this.mcpCaps.add(t.key);
      const specs = this.mcpSpecs(t);
      if (specs === undefined) continue;
      const tools = this.ctx.declared.filter((name) => name === t.key || mcpBareName(name) === t.key);
      for (const tool of tools) this.mcpTool(t, tool, specs);
    }
  }

  /** One declared tool an `mcp.enforce` entry governs: the arguments the hook signs, under their constraints. */
  private mcpTool(t: PEntry, tool: string, specs: readonly { arg: string; node: PNode }[]): void {
    if (this.allowed.includes(tool)) {
      delete this.grants[tool];
      // resolve_tool looks a call up in the allow list before mcp.enforce: the hook signs none
      // of its arguments, so which one decides depends on the capability names, not the policy.
      this.problem(t.keySpan.start, `mcp.enforce.${t.key}: ${tool} is also allowed (allow: or the bundled tools); tenuo-claude's hook checks the allow list first and signs none of its arguments, so the constraint would not be what decides (name the tool in only one of them)`);
      return;
    }
    const params = this.ctx.paramsOf(tool) ?? [];
    const constraints: Record<string, Constraint> = {};
    const resolve: { param: string; emptyIsCwd: boolean }[] = [];
    for (const s of specs) {
      if (!params.includes(s.arg)) {
        const defaulted = s.arg === MCP_DEFAULT_ARG && (t.value.kind === 'scalar' || entry(t.value as PMap, 'arg') === undefined);
        this.problem(s.node.span.start, `mcp.enforce.${t.key}: constrains '${s.arg}', which ${tool} does not take (it takes ${params.join(', ') || 'no parameters'})${defaulted ? `; a constraint without arg: is on '${MCP_DEFAULT_ARG}', so tenuo-claude's hook would sign ${MCP_DEFAULT_ARG}: null on every call and decide on that, not on the call (name the argument: {arg: NAME, constraint: SPEC})` : ''}`);
        continue;
      }
      const c = this.spec(s.node, `mcp.enforce.${t.key}`);
      if (c !== undefined) constraints[s.arg] = c;
      // The hook resolves a path argument of an MCP tool only when it is non-empty text.
      if (isSubpathSpec(s.node)) resolve.push({ param: s.arg, emptyIsCwd: false });
    }
    if (Object.keys(constraints).length !== specs.length) return;
    const granted = this.sharedCapability(t, tool, constraints);
    if (granted === undefined) return;
    this.grants[tool] = grantOf(params, granted);
    if (resolve.length > 0) this.hooks[tool] = { cwd: this.ctx.cwd, resolve };
  }

  /**
   * The constraints the warrant holds for an MCP tool: its own, unless it is named like the
   * capability of an enforced native tool (`read_file` is Read's). enforced_capabilities keeps
   * the first entry of a capability, the native one, so the MCP call is checked under it.
   */
  private sharedCapability(t: PEntry, tool: string, own: Record<string, Constraint>): Record<string, Constraint> | undefined {
    const native = this.nativeCaps.get(t.key);
    if (native === undefined) return own;
    const nativeArgs = Object.keys(native).map((a) => (a === 'file_path' ? 'path' : a)).sort();
    const signed = Object.keys(own).sort();
    if (nativeArgs.join('\0') !== signed.join('\0')) {
      this.problem(t.keySpan.start, `mcp.enforce.${t.key}: '${t.key}' is also the capability of a native tool in enforce, and tenuo-claude's warrant keeps the native tool's constraint on ${nativeArgs.join(', ')}; ${tool}'s calls sign ${signed.join(', ')}, so none would be allowed (constrain the same argument in both, or drop one of them)`);
      return undefined;
    }
    const out: Record<string, Constraint> = {};
    for (const [a, c] of Object.entries(native)) out[a === 'file_path' ? 'path' : a] = c;
    return out;
  }

  /** An `mcp.enforce` entry's argument → constraint pairs (parse_mcp_enforce_spec). */
  private mcpSpecs(t: PEntry): { arg: string; node: PNode }[] | undefined {
    const v = t.value;
    if (v.kind === 'scalar') return [{ arg: MCP_DEFAULT_ARG, node: v }];
    if (v.kind !== 'map') {
      this.problem(v.span.start, `mcp.enforce.${t.key}: expected a constraint string or {arg, constraint} / {args}`);
      return undefined;
    }
    const bad = v.entries.find((x) => !['arg', 'args', 'constraint'].includes(x.key));
    if (bad !== undefined) {
      this.problem(bad.keySpan.start, bad.key === 'approval' || bad.key === 'exempt'
        ? `mcp.enforce.${t.key}.${bad.key}: a human approval gate needs Tenuo Cloud; the benchmark cannot produce approvals`
        : `mcp.enforce.${t.key}: unknown key '${bad.key}' (arg, args, constraint)`);
      return undefined;
    }
    const args = entry(v, 'args');
    if (args !== undefined) {
      if (args.value.kind !== 'map' || args.value.entries.length === 0 || entry(v, 'arg') || entry(v, 'constraint')) {
        this.problem(args.value.span.start, `mcp.enforce.${t.key}.args: expected a non-empty map of argument → constraint string, alone`);
        return undefined;
      }
      return args.value.entries.map((a) => ({ arg: a.key, node: a.value }));
    }
    const c = entry(v, 'constraint');
    if (c === undefined) {
      this.problem(v.span.start, `mcp.enforce.${t.key}: needs a constraint`);
      return undefined;
    }
    const arg = entry(v, 'arg');
    return [{ arg: arg ? String(text(arg.value) ?? '') : MCP_DEFAULT_ARG, node: c.value }];
  }

  /** One constraint string, as tenuo-claude's make_constraint reads it. */
  private spec(node: PNode, where: string): Constraint | undefined {
    const raw = text(node);
    if (raw === undefined) {
      this.problem(node.span.start, `${where}: expected a constraint string such as "subpath:{sandbox}"`);
      return undefined;
    }
    const spec = raw.split('{sandbox}').join(this.sandbox);
    const colon = spec.indexOf(':');
    const kind = colon < 0 ? spec : spec.slice(0, colon);
    const rest = colon < 0 ? '' : spec.slice(colon + 1);
    const r = constraintOfSpec(kind, rest);
    if (typeof r === 'string') {
      this.problem(node.span.start, `${where}: '${raw}': ${r}`);
      return undefined;
    }
    return r;
  }
}

/** make_constraint's forms → a constraint, or why the form cannot be mapped. */
export function constraintOfSpec(kind: string, rest: string): Constraint | string {
  const list = rest.split(',').map(pyStrip);
  switch (kind) {
    case 'subpath':
      if (!rest.startsWith('/') || rest.includes('\0')) return `the subpath root '${rest}' is not an absolute path`;
      return { type: 'subpath', root: subpathRoot(rest, true), caseSensitive: true, allowEqual: true };
    case 'shlex': {
      const allow = list.filter((v) => v !== '');
      return allow.length === 0 ? 'shlex: needs at least one allowed program' : { type: 'shlex', allow };
    }
    case 'regex': {
      const re = compileRegex(rest);
      if (typeof re === 'string') return `the regex does not compile: ${re}`;
      if ('limit' in re) return `the regex cannot be judged here: ${re.limit}`;
      return { type: 'regex', pattern: rest };
    }
    case 'pattern': {
      const p = globProblem(rest);
      return p === undefined ? { type: 'pattern', pattern: rest } : `invalid glob pattern: ${p}`;
    }
    case 'oneof':
      return { type: 'one_of', values: list };
    case 'notoneof':
      return { type: 'not_one_of', excluded: list };
    case 'exact':
      return { type: 'exact', value: rest };
    case 'urlpattern': {
      const p = urlPatternProblem(rest);
      return p === undefined ? { type: 'url_pattern', pattern: rest } : `invalid URL pattern: ${p}`;
    }
    case 'cidr':
      return parseNetwork(rest) === undefined ? `'${rest}' is not a CIDR network such as 10.0.0.0/8` : { type: 'cidr', network: rest };
    case 'range':
      return rangeOf(rest);
    default:
      return `unknown constraint kind '${kind}' (subpath, shlex, regex, pattern, oneof, notoneof, exact, range, urlpattern, cidr)`;
  }
}

/** `range:min,max` (parse_range_spec): either side may be blank, not both; bounds inclusive. */
function rangeOf(rest: string): Constraint | string {
  const comma = rest.indexOf(',');
  if (comma < 0) return "range needs 'min,max' (either side may be blank)";
  const min = rangeBound(rest.slice(0, comma));
  const max = rangeBound(rest.slice(comma + 1));
  if (typeof min === 'string') return min;
  if (typeof max === 'string') return max;
  if (min === null && max === null) return 'range needs at least one bound';
  // Tenuo mints an empty range (it allows nothing); a policy that says so is a mistake to show.
  if (min !== null && max !== null && min > max) return `empty range: ${min} is greater than ${max}`;
  return { type: 'range', min, max, minInclusive: true, maxInclusive: true };
}

/**
 * One side of a range as `_range_bound` reads it: Python's `float(text)` when the text has a `.`
 * or an `e`, else `int(text)` (so `1_000` is 1000 and `0x10` is no number); blank is open.
 */
function rangeBound(side: string): number | null | string {
  const t = pyStrip(side);
  if (t === '') return null;
  const n = t.includes('.') || t.toLowerCase().includes('e') ? pythonFloat(t) : pythonInt(t);
  if (n === undefined) return `range bound '${t}' is not a number`;
  // Python's float overflows to inf (or an int beyond f64 fails): no bound the results can carry.
  if (!Number.isFinite(n)) return `range bound '${t}' is beyond a 64-bit float`;
  return n;
}

/** Python's `int(v)` of a YAML value: an int, a float cut toward zero, a bool as 0 or 1, or text. */
function pythonIntOf(v: ScalarValue): number | undefined {
  if (typeof v === 'bigint') return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : undefined;
  return typeof v === 'string' ? pythonInt(v) : undefined;
}

/** Python's `int(text)` in base 10 on ASCII digits: a sign, digits, `_` between digits. */
function pythonInt(text: string): number | undefined {
  const t = pyStrip(text);
  return /^[+-]?\d(?:_?\d)*$/.test(t) ? Number(t.replace(/_/g, '')) : undefined;
}

/** Python's `float(text)` on finite decimal text: `1.5`, `.5`, `5.`, `1e3`, `1_000.5`. */
function pythonFloat(text: string): number | undefined {
  const t = pyStrip(text);
  const digits = '\\d(?:_?\\d)*';
  const re = new RegExp(`^[+-]?(?:${digits}(?:\\.(?:${digits})?)?|\\.${digits})(?:[eE][+-]?${digits})?$`);
  return re.test(t) ? Number(t.replace(/_/g, '')) : undefined;
}

/**
 * Python's `str.strip()`: the characters `str.isspace()` accepts, which are not JavaScript's
 * `trim()` set (Python strips U+001C..U+001F and U+0085, keeps U+FEFF).
 */
function pyStrip(s: string): string {
  return s.replace(PY_SPACE_START, '').replace(PY_SPACE_END, '');
}
const PY_SPACE = '\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const PY_SPACE_START = new RegExp(`^[${PY_SPACE}]+`);
const PY_SPACE_END = new RegExp(`[${PY_SPACE}]+$`);

function grantOf(params: readonly string[], constraints: Readonly<Record<string, Constraint>>): ConstraintSet {
  const out: Record<string, Constraint> = Object.create(null) as Record<string, Constraint>;
  for (const p of params) out[p] = Object.prototype.hasOwnProperty.call(constraints, p) ? constraints[p]! : { type: 'wildcard' };
  return { constraints: out, allowUnknown: false };
}

/** The hook resolves the governed value as a path when the policy's spec is a `subpath:` one. */
function isSubpathSpec(n: PNode): boolean {
  return text(n)?.startsWith('subpath:') === true;
}

function approvalOrShape(m: PMap, where: string): string {
  return entry(m, 'approval') !== undefined
    ? `${where}.approval: a human approval gate needs Tenuo Cloud; the benchmark cannot produce approvals`
    : `${where}: expected a constraint string (only WebFetch takes a web policy)`;
}

/** `mcp__SERVER__TOOL` → TOOL, as tenuo-claude's hook strips it. */
function mcpBareName(name: string): string | undefined {
  if (!name.startsWith('mcp__')) return undefined;
  const parts = name.split('__');
  return parts.length >= 3 && parts.slice(2).join('__') !== '' ? parts.slice(2).join('__') : undefined;
}

/**
 * Python's truth value of a YAML value as PyYAML loads it: `false`, `null`, `0`, `""`, `[]`, `{}`
 * are false; tenuo-claude reads optional keys with `cfg.get(KEY) or DEFAULT`.
 */
function pythonTruthy(n: PNode): boolean {
  if (n.kind === 'map') return n.entries.length > 0;
  if (n.kind === 'seq') return n.items.length > 0;
  const v = n.value;
  return !(v === null || v === false || v === '' || v === 0 || v === 0n);
}

/**
 * Whether the bundled harness tools are allowed, as load_config decides: `allow_bundled` when it
 * is set (not null), else `audit_bundled` when that key is there, else on; Python's truth value.
 */
function bundledOn(root: PMap): boolean {
  const allow = entry(root, 'allow_bundled');
  if (allow !== undefined && !(allow.value.kind === 'scalar' && allow.value.value === null)) return pythonTruthy(allow.value);
  const audit = entry(root, 'audit_bundled');
  if (audit === undefined || (audit.value.kind === 'scalar' && audit.value.value === null)) return true;
  return pythonTruthy(audit.value);
}

function entry(m: PMap, key: string): PEntry | undefined {
  return m.entries.find((e) => e.key === key);
}

function mapText(t: string | undefined, f: (t: string) => string): string | undefined {
  return t === undefined ? undefined : f(t);
}

function text(n: PNode): string | undefined {
  return n.kind === 'scalar' && typeof n.value === 'string' ? n.value : undefined;
}

/** Reads the policy text; problems are placed in `ctx.file`. */
export function grantFromPolicy(policyText: string, ctx: PolicyContext): PolicyGrant {
  // tenuo-claude reads its policy with PyYAML: `allow_bundled: no` is false there.
  const tree = parseYamlTree(policyText, 'pyyaml');
  const reader = new PolicyReader(ctx, tree.linePos);
  for (const p of tree.problems) reader.problem(p.offset, p.message);
  if (tree.root === undefined || tree.root.kind !== 'map') {
    if (tree.problems.length === 0) reader.problem(0, 'a governance policy is a map (sandbox, mode, enforce, default, allow, mcp)');
  } else if (tree.problems.length === 0) {
    reader.read(tree.root);
  }
  return { grants: reader.grants, problems: reader.problems, sandbox: reader.sandbox, hooks: reader.hooks };
}

