/**
 * The top level of a `tenuo.yaml` (index.ts says what is mapped): its keys, `sandbox`, `mode`,
 * `default`, the allow list (and the bundled harness tools), `ttl_seconds` and `deny:`; `enforce:`
 * and `mcp.enforce:` are read by native-tools.ts and mcp-enforce.ts, in tenuo-claude's order.
 */
import { posix } from 'node:path';
import { parseYamlTree, type PEntry, type PMap } from '../../lib/yaml-tree.js';
import type { HookView } from '../../model/scenario.js';
import type { ToolGrants } from '../../warrant/constraints/types.js';
import { normalizePosixPath } from '../../world/posix-path.js';
import { pyStrip, pythonTruthy } from './constraint-spec.js';
import { readMcp } from './mcp-enforce.js';
import { NATIVE_CAPABILITY, readEnforce } from './native-tools.js';
import {
  entry,
  entrySpan,
  grantOf,
  mapText,
  mcpBareName,
  PolicyReader,
  text,
  type PolicyContext,
  type PolicyProblem,
} from './policy-reader.js';
import { ruleLines, type PolicyRule } from './rule-lines.js';

/** `tenuo-claude`'s bundled harness-inert tools, allowed unless `allow_bundled: false`. */
const BUNDLED_ALLOW = [
  'WebSearch',
  'TodoWrite',
  'TaskCreate',
  'TaskUpdate',
  'TaskList',
  'TaskGet',
  'AskUserQuestion',
  'ToolSearch',
  'Skill',
  'EnterPlanMode',
  'ExitPlanMode',
  'Workflow',
];

/** Keys that do not change what a call may do (transport, Cloud, receipts, lifetimes, subagent roles). */
const INERT_KEYS = ['name', 'authorizer', 'cloud', 'ttl_seconds', 'strict_receipts', 'subagents'];

const KNOWN_KEYS = [
  ...INERT_KEYS,
  'sandbox',
  'mode',
  'enforce',
  'default',
  'allow',
  'audit',
  'audit_extra',
  'allow_bundled',
  'audit_bundled',
  'mcp',
  'deny',
];

export interface PolicyGrant {
  readonly grants: ToolGrants;
  readonly problems: readonly PolicyProblem[];
  /** What `{sandbox}` stood for. */
  readonly sandbox: string;
  /** Governed tools whose calls the hook changes before signing them (src/world/claude-hook.ts). */
  readonly hooks: Readonly<Record<string, HookView>>;
  /** Where each granted tool's rule is written in the policy (a bundled tool without `allow_bundled:` has none). */
  readonly rules: Readonly<Record<string, PolicyRule>>;
}

/** Whether `from:` names a governance policy rather than a token: by its extension. */
export function isPolicyPath(from: string): boolean {
  return /\.ya?ml$/i.test(from);
}

/** The policy's keys, read in the order tenuo-claude's load_config and mint_local_warrant read them. */
function readPolicy(reader: PolicyReader, root: PMap): void {
  for (const e of root.entries) {
    if (!KNOWN_KEYS.includes(e.key))
      reader.problem(
        e.keySpan.start,
        `'${e.key}': not a key of a Claude Code governance policy the benchmark knows (${KNOWN_KEYS.join(', ')})`,
      );
  }
  reader.sandbox = sandboxOf(reader, entry(root, 'sandbox'));
  readMode(reader, entry(root, 'mode'));
  readDefault(reader, entry(root, 'default'));
  allowList(reader, root);
  const enforce = entry(root, 'enforce');
  if (enforce !== undefined) readEnforce(reader, enforce);
  const mcp = entry(root, 'mcp');
  if (mcp !== undefined) readMcp(reader, mcp);
  allowedUnderEnforcedCapability(reader, root);
  readTtl(reader, entry(root, 'ttl_seconds'));
  denyList(reader, entry(root, 'deny'));
}

function sandboxOf(reader: PolicyReader, e: PEntry | undefined): string {
  const raw = e === undefined ? './sandbox' : text(e.value);
  if (raw === undefined || raw.includes('\0')) {
    reader.problem(e!.value.span.start, 'sandbox: expected a path');
    return reader.context.cwd;
  }
  return normalizePosixPath(raw.startsWith('/') ? raw : posix.join(reader.context.cwd, raw));
}

function readMode(reader: PolicyReader, e: PEntry | undefined): void {
  const mode = e === undefined ? 'enforce' : mapText(text(e.value), (t) => pyStrip(t).toLowerCase());
  if (mode === 'enforce') return;
  const observe = mode !== undefined && ['dry-run', 'dry_run', 'dryrun', 'audit'].includes(mode);
  reader.problem(
    e!.value.span.start,
    observe
      ? `mode: ${mode} observes and never blocks; the benchmark measures what a policy enforces (use mode: enforce)`
      : `unknown mode '${mode ?? ''}' (valid: enforce, dry-run)`,
  );
}

function readDefault(reader: PolicyReader, e: PEntry | undefined): void {
  // `(cfg.get("default") or "deny")`: an empty or false value is the default, deny.
  if (e === undefined || !pythonTruthy(e.value)) return;
  const d = mapText(text(e.value), (t) => pyStrip(t).toLowerCase());
  // `audit` and `allow` are read as `deny` by tenuo-claude: enforce must not fail open.
  if (d === 'deny' || d === 'audit' || d === 'allow') return;
  reader.problem(
    e.value.span.start,
    d === 'approve'
      ? 'default: approve sends unlisted tools to a human approval in Tenuo Cloud; the benchmark cannot produce approvals (use default: deny)'
      : `unknown default '${d ?? ''}' (valid: deny, approve)`,
  );
}

/** `allow:` (and its old names) plus the bundled harness tools: granted with nothing checked. */
function allowList(reader: PolicyReader, root: PMap): void {
  const named: string[] = [];
  for (const key of ['allow', 'audit', 'audit_extra']) {
    const e = entry(root, key);
    // `cfg.get("allow") or []`: an empty value is an empty list.
    if (e === undefined || !pythonTruthy(e.value)) continue;
    if (e.value.kind !== 'seq') {
      reader.problem(e.value.span.start, `${key}: expected a list of tool names`);
      continue;
    }
    for (const item of e.value.items) {
      const t = text(item);
      if (t === undefined) reader.problem(item.span.start, `${key}: expected a tool name`);
      else {
        named.push(t);
        if (!reader.allowedAt.has(t)) reader.allowedAt.set(t, item.span.start);
        reader.ruleSpans[t] ??= { start: item.span.start, end: item.span.end };
      }
    }
  }
  const tools = [...(bundledOn(root) ? BUNDLED_ALLOW.filter((t) => reader.context.declared.includes(t)) : []), ...named];
  reader.allowed = tools;
  for (const tool of tools) {
    const params = reader.context.paramsOf(tool);
    if (params === undefined) continue;
    reader.grants[tool] = grantOf(params, {});
    // A bundled tool has no place of its own: `allow_bundled:` when written.
    const bundled = entry(root, 'allow_bundled');
    if (reader.ruleSpans[tool] === undefined && bundled !== undefined) reader.ruleSpans[tool] = entrySpan(bundled);
  }
}

/**
 * An allowed tool is granted under the capability `audit_map` names it by (a native tool's, else
 * the lower-cased name). mint_local_warrant leaves that grant out when `enforce` or
 * `mcp.enforce` already put the capability in the warrant with constraints, and the hook signs
 * no argument of an allowed tool: every call of it would be denied. Refused, never guessed.
 */
function allowedUnderEnforcedCapability(reader: PolicyReader, root: PMap): void {
  for (const tool of reader.allowed) {
    if (!Object.prototype.hasOwnProperty.call(reader.grants, tool)) continue;
    const native = Object.prototype.hasOwnProperty.call(NATIVE_CAPABILITY, tool) ? NATIVE_CAPABILITY[tool]! : undefined;
    if (native !== undefined && enforcedNatively(root, tool)) continue; // enforce wins: its own grant
    const cap = native ?? tool.toLowerCase().replace(/-/g, '_');
    if (!reader.nativeCaps.has(cap) && !reader.mcpCaps.has(cap)) continue;
    delete reader.grants[tool];
    reader.problem(
      reader.allowedAt.get(tool) ?? entry(root, 'allow_bundled')?.keySpan.start ?? 0,
      `allow: ${tool} is granted as the capability '${cap}', which ${reader.nativeCaps.has(cap) ? 'enforce' : 'mcp.enforce'} already puts in tenuo-claude's warrant with constraints; the hook signs no argument of an allowed tool, so every call of it would be denied (drop it from allow:, or govern it under enforce)`,
    );
  }
}

function enforcedNatively(root: PMap, tool: string): boolean {
  const e = entry(root, 'enforce');
  return e !== undefined && e.value.kind === 'map' && entry(e.value, tool) !== undefined;
}

/** `validate_ttl_seconds`: the session lifetime must be a positive integer (not a bool), or null. */
function readTtl(reader: PolicyReader, e: PEntry | undefined): void {
  if (e === undefined || (e.value.kind === 'scalar' && e.value.value === null)) return;
  const v = e.value.kind === 'scalar' ? e.value.value : undefined;
  if (typeof v !== 'bigint' || v <= 0n)
    reader.problem(e.value.span.start, 'ttl_seconds: must be a positive integer (seconds), as tenuo-claude requires');
}

/**
 * `deny:` (the shipped policy packs write one) is read by nothing in tenuo-claude: what it lists
 * is denied by `default: deny` alone. A tool it lists that the policy grants would be allowed,
 * so the two disagree and the policy is refused.
 */
function denyList(reader: PolicyReader, e: PEntry | undefined): void {
  if (e === undefined || !pythonTruthy(e.value)) return;
  if (e.value.kind !== 'seq') return reader.problem(e.value.span.start, 'deny: expected a list of tool names');
  for (const item of e.value.items) {
    const t = text(item);
    if (t === undefined) {
      reader.problem(item.span.start, 'deny: expected a tool name');
      continue;
    }
    const granted = Object.keys(reader.grants).filter((g) => g === t || mcpBareName(g) === t);
    if (granted.length > 0)
      reader.problem(
        item.span.start,
        `deny: ${t} is granted by this policy (${granted.join(', ')}); tenuo-claude reads no deny: list, so it would be allowed (remove it from one of them)`,
      );
  }
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

/** Reads the policy text; problems are placed in `context.file`. */
export function grantFromPolicy(policyText: string, context: PolicyContext): PolicyGrant {
  // tenuo-claude reads its policy with PyYAML: `allow_bundled: no` is false there.
  const tree = parseYamlTree(policyText, 'pyyaml');
  const reader = new PolicyReader(context, tree.linePos);
  for (const p of tree.problems) reader.problem(p.offset, p.message);
  if (tree.root === undefined || tree.root.kind !== 'map') {
    if (tree.problems.length === 0) reader.problem(0, 'a governance policy is a map (sandbox, mode, enforce, default, allow, mcp)');
  } else if (tree.problems.length === 0) {
    readPolicy(reader, tree.root);
  }
  const rules = ruleLines(policyText, reader.ruleSpans, Object.keys(reader.grants), tree.linePos);
  return { grants: reader.grants, problems: reader.problems, sandbox: reader.sandbox, hooks: reader.hooks, rules };
}
