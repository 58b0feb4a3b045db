/**
 * `warrant: {from: PATH}`: the grant read from a Tenuo token (re-granted under the benchmark's
 * chain, src/import/token.ts) or from a Claude Code governance policy (tenuo-policy.ts).
 */
import { createHash } from 'node:crypto';
import { isAbsolute, posix, resolve } from 'node:path';
import { broadGrants } from '../../chains/run-context.js';
import { importWarrantFrom, readTokenFile, regrantProblems, TokenImportError } from '../../import/token.js';
import type { GrantRule, PolicyOrigin, SourcePos, WarrantOrigin } from '../../model/scenario.js';
import { MAX_CONSTRAINT_DEPTH } from '../../warrant/constraints/satisfy.js';
import type { Constraint, ToolGrants } from '../../warrant/constraints/types.js';
import { authorizedParams, HOST_PARAM } from '../../world/claude-hook.js';
import { droppedDefaultPort } from '../constraint-from-yaml.js';
import { at } from '../key-path.js';
import { grantFromPolicy, isPolicyPath } from '../../import/tenuo-policy/index.js';
import type { PEntry, PMap } from '../../lib/yaml-tree.js';
import type { ScenarioCursor } from './cursor.js';
import type { ScenarioToolTable } from './tool-table.js';

/** A warrant as read: its grants, where each was written, and the file it came from if any. */
export interface WarrantRead {
  readonly grants: ToolGrants;
  readonly sources: Record<string, SourcePos>;
  readonly origin?: WarrantOrigin;
  /** A grant read from a file: where that file writes each tool's grant. */
  readonly rules?: Record<string, GrantRule>;
}

/** `warrant: {from: PATH}`: a Tenuo token's grant, re-granted under the benchmark's chain (src/import/token.ts), or a governance policy's. */
export function readWarrantFromFile(cursor: ScenarioCursor, table: ScenarioToolTable, node: PMap, from: PEntry): WarrantRead | undefined {
  const others = node.entries.filter((e) => e !== from);
  for (const e of others)
    cursor.report(e.keySpan.start, at(['warrant'], `'${e.key}': a grant read from a token (from:) takes no tool grants beside it`));
  const path = from.value.kind === 'scalar' && typeof from.value.value === 'string' ? from.value.value : undefined;
  if (others.length > 0 || path === undefined || cursor.tainted.has(from.value)) return undefined;
  if (isPolicyPath(path)) return warrantFromPolicy(cursor, table, from, path);
  const r = importWarrantFrom(path, {
    scenarioAbs: cursor.context.abs ?? resolve(cursor.pos(0).file),
    ...(cursor.context.confine !== undefined && { confine: cursor.context.confine }),
    ...(cursor.context.readTokenFile !== undefined && { readFile: cursor.context.readTokenFile }),
    paramsOf: (tool) => table.authorizedParamsOf(tool),
    broadFor: (grants) => broadGrants({ tools: table.custom, warrant: grants }),
    adopt: (grants) => adoptDerivedHost(cursor, table, grants, from),
  });
  if (!r.ok) {
    for (const p of r.problems) cursor.report(from.keySpan.start, at(['warrant', 'from'], p));
    return undefined;
  }
  cursor.warn(from.keySpan.start, at(['warrant', 'from'], r.note));
  for (const w of r.warnings) cursor.warn(from.keySpan.start, at(['warrant', 'from'], w));
  const sources: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
  for (const tool of Object.keys(r.grants)) sources[tool] = cursor.pos(from.keySpan.start);
  // A token is one signed encoding: no line of it holds one tool's grant, so each points at the file.
  const file = displayedPath(cursor.pos(0).file, path);
  const rules: Record<string, GrantRule> = Object.create(null) as Record<string, GrantRule>;
  for (const tool of Object.keys(r.grants)) rules[tool] = { syntax: 'token', file, line: 1, col: 1, lines: [] };
  return { grants: r.grants, sources, origin: r.origin, rules };
}

/**
 * A token that constrains WebFetch's `host` was minted for calls signed by tenuo-claude's hook,
 * the one signer that adds it (from the URL): the scenario's WebFetch signs it the same way, so
 * a grant exported from a governance policy comes back through `from:`.
 */
function adoptDerivedHost(cursor: ScenarioCursor, table: ScenarioToolTable, grants: ToolGrants, from: PEntry): void {
  const web = Object.prototype.hasOwnProperty.call(grants, 'WebFetch') ? grants.WebFetch : undefined;
  if (web === undefined || !Object.prototype.hasOwnProperty.call(web.constraints, HOST_PARAM) || table.signature('WebFetch') === undefined)
    return;
  const def = table.custom.WebFetch!;
  if (def.claudeCode === undefined || def.params.includes(HOST_PARAM)) return;
  table.custom.WebFetch = { ...def, hook: { ...def.hook, cwd: table.cwd(), host: { from: 'url' } } };
  cursor.info(
    from.keySpan.start,
    `WebFetch: the token constrains '${HOST_PARAM}', the argument Tenuo's Claude Code hook derives from the URL; each WebFetch call signs it the same way (Python's urlsplit(url).hostname)`,
  );
}

/**
 * `warrant: {from: tenuo.yaml}`: a Claude Code governance policy's grant (tenuo-policy.ts). The
 * file is read as a token file is (inside the workspace; at the ref for a baseline); its problems
 * are placed in the policy file. The origin carries the digest of the bytes read (a byte order
 * mark included), so a reader of the results can tell which file was checked.
 */
function warrantFromPolicy(
  cursor: ScenarioCursor,
  table: ScenarioToolTable,
  from: PEntry,
  path: string,
): (WarrantRead & { origin: PolicyOrigin }) | undefined {
  const here = cursor.pos(from.keySpan.start);
  let read: string;
  try {
    read = cursor.context.readTokenFile
      ? cursor.context.readTokenFile(path)
      : readTokenFile(path, cursor.context.abs ?? resolve(here.file), cursor.context.confine, true);
  } catch (e) {
    if (!(e instanceof TokenImportError)) throw e;
    cursor.report(from.keySpan.start, at(['warrant', 'from'], `'${path}': ${e.message}`));
    return undefined;
  }
  const sha256 = createHash('sha256').update(read, 'utf8').digest('hex');
  const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
  const file = displayedPath(here.file, path);
  const declared = Object.keys(table.custom).filter((t) => table.custom[t]!.claudeCode === undefined);
  const r = grantFromPolicy(text, { file, cwd: table.cwd(), paramsOf: (tool) => table.signature(tool)?.params, declared });
  for (const p of r.problems) cursor.reportElsewhere(p);
  if (r.problems.length > 0) return undefined;
  for (const [tool, hook] of Object.entries(r.hooks)) table.custom[tool] = { ...table.custom[tool]!, hook };
  const paramsOf = (tool: string): readonly string[] | undefined =>
    Object.prototype.hasOwnProperty.call(table.custom, tool) ? authorizedParams(table.custom[tool]!) : table.signature(tool)?.params;
  const problems = regrantProblems(r.grants, paramsOf, broadGrants({ tools: table.custom, warrant: r.grants }));
  for (const p of problems) cursor.report(from.keySpan.start, at(['warrant', 'from'], `'${path}': ${p}`));
  if (problems.length > 0) return undefined;
  cursor.warn(
    from.keySpan.start,
    at(
      ['warrant', 'from'],
      `'${path}' is a Claude Code governance policy: {sandbox} is ${r.sandbox}; calls are authorized as Tenuo's hook signs them (the governed argument only, a subpath: path resolved against ${table.cwd()}, WebFetch's host from its url), and tools the policy neither enforces nor allows are not granted`,
    ),
  );
  // A `urlpattern:` spec with its scheme's default port matches every port, as in a scenario's grant.
  for (const [tool, set] of Object.entries(r.grants)) {
    for (const [param, c] of Object.entries(set.constraints)) {
      for (const why of urlPatternPortWarnings(c))
        cursor.warn(from.keySpan.start, at(['warrant', 'from'], `'${path}': ${tool}.${param}: ${why}`));
    }
  }
  const sources: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
  for (const tool of Object.keys(r.grants)) sources[tool] = here;
  const rules: Record<string, GrantRule> = Object.create(null) as Record<string, GrantRule>;
  for (const tool of Object.keys(r.grants)) {
    const rule = Object.prototype.hasOwnProperty.call(r.rules, tool) ? r.rules[tool] : undefined;
    rules[tool] = { syntax: 'claude_code_policy', file, ...(rule ?? { line: 1, col: 1, lines: [] }) };
  }
  return { grants: r.grants, sources, origin: { kind: 'claude_code_policy', from: path, sandbox: r.sandbox, sha256 }, rules };
}

/** A file named by `from:` as problems in it are placed: beside the scenario file as displayed. */
function displayedPath(scenarioFile: string, from: string): string {
  if (isAbsolute(from)) return from;
  return posix.join(posix.dirname(scenarioFile.split('\\').join('/')), from);
}

/** droppedDefaultPort for every url_pattern inside `constraint` (all/any/not included), bounded by the constraint depth. */
function urlPatternPortWarnings(constraint: Constraint, depth = 0): string[] {
  if (depth > MAX_CONSTRAINT_DEPTH) return [];
  switch (constraint.type) {
    case 'url_pattern': {
      const why = droppedDefaultPort(constraint.pattern);
      return why === undefined ? [] : [why];
    }
    case 'all':
    case 'any':
      return constraint.constraints.flatMap((x) => urlPatternPortWarnings(x, depth + 1));
    case 'not':
      return urlPatternPortWarnings(constraint.constraint, depth + 1);
    default:
      return [];
  }
}
