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
 * What cannot be mapped is a problem at its place in the policy file, never dropped. The parts:
 * read-policy.ts (the top level), native-tools.ts (`enforce:`), mcp-enforce.ts (`mcp.enforce:`),
 * constraint-spec.ts (the constraint strings, read with Python's semantics), policy-reader.ts (the
 * state of one reading).
 */
export { constraintOfSpec } from './constraint-spec.js';
export type { PolicyContext, PolicyProblem } from './policy-reader.js';
export { grantFromPolicy, isPolicyPath, type PolicyGrant } from './read-policy.js';
