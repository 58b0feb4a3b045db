/**
 * A validated scenario (docs/scenarios.md): what the loader produces and the harness consumes.
 * Every user-written item keeps its source position, so that later failures (a gate violation,
 * a harness error) can point at the line that caused them.
 */
import type { ToolGrants } from '../warrant/constraints/types.js';
import type { Value } from '../warrant/constraint-value.js';
import type { SourcePos } from './source.js';
import type { ScenarioStep } from './steps.js';

export type { SourcePos };

export interface Transaction {
  id: string; // written as an int or a string; kept as text
  date: string;
  to: string;
  amount: number;
  memo: string;
}

export interface Email {
  id: string;
  sender: string;
  subject: string;
  body: string;
}

export interface Environment {
  files: Readonly<Record<string, string>>; // absolute path → content
  transactions: readonly Transaction[];
  emails: readonly Email[];
  balance: number;
}

/** How the environment treats a parameter (docs/scenarios.md): its effect and its probes (docs/analyses.md) follow. */
export type ParamKind = 'path' | 'shell' | 'url' | 'email_list' | 'number' | 'text';

/** A JSON value as a JSON file holds it (read with JSON.parse: numbers are doubles). */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A JSON Schema as an MCP server lists it, restricted to the keywords docs/scenarios.md names. */
export type JsonSchemaObject = { readonly [keyword: string]: JsonValue };

/** One `{when: {PARAM: VALUE}, text}` entry of a custom tool's `returns` list (src/world/returns.ts). */
export interface ReturnCase {
  readonly when: Readonly<Record<string, Value>>;
  readonly text: string;
}

export interface CustomTool {
  params: readonly string[];
  /** The text a call returns; with `returnCases`, the default (the entry without `when`, else ""). */
  returns: string;
  /** `returns:` as a list: the first entry whose `when` equals the call's arguments gives the text. */
  returnCases?: readonly ReturnCase[];
  /** What the tool does, offered to the model in LLM mode (default `The NAME tool.`). */
  description?: string;
  /**
   * Parameter → its JSON Schema as the tool list gives it (`tools: {from: PATH}`), offered to the
   * model in LLM mode instead of the one its kind implies. A run never reads it to decide
   * anything; `init` reads its `enum` (the values an attack may try).
   */
  paramSchemas?: Readonly<Record<string, JsonSchemaObject>>;
  /**
   * What the MCP server says the tool does to its environment (`annotations` of its tools/list
   * entry; only the hints it gives). `init` reads them to tell the calls that change state.
   */
  annotations?: ToolHints;
  /** Parameter → kind, for the parameters the scenario names a kind for (the rest are `text`). */
  kinds?: Readonly<Record<string, ParamKind>>;
  /** Optional parameter → its default (the rest are required), as a Python function declares them. */
  defaults?: Readonly<Record<string, Value>>;
  /**
   * Set for Claude Code's own tools (Read, Write, Edit, Bash, WebFetch, Glob, Grep): they run in
   * the environment with real effects (src/world/claude-code.ts), relative paths against `cwd`.
   */
  claudeCode?: { readonly cwd: string };
  /**
   * How its calls reach Tenuo's authorizer (src/world/binding.ts): `guard` (the default for tools
   * declared by hand), `mcp` (the default for tools read from an MCP tools/list), `mcp-config`;
   * a tool with a `hook` is bound by the hook (`claude-hook`).
   */
  binding?: ToolBinding;
  /**
   * With `binding: mcp-config`: the tool's extraction rules from the team's `mcp-config.yaml`
   * (field → rule; src/world/mcp-config.ts), or null when the config does not define the tool
   * (Tenuo's MCPVerifier then refuses every call of it).
   */
  mcpConfig?: { readonly file: string; readonly rules: Readonly<Record<string, McpExtractionRule>> | null };
  /**
   * Set when a Claude Code governance policy governs the tool and Tenuo's hook signs something
   * other than the call's arguments (src/world/claude-hook.ts).
   */
  hook?: HookView;
}

/** One field of a McpConfig tool (Tenuo's `ExtractionRule`, `extraction.rs`). */
export interface McpExtractionRule {
  readonly from: 'body' | 'literal' | 'path' | 'query' | 'header';
  readonly path: string;
  readonly required: boolean;
  /** `default:` when the file gives one (null included). */
  readonly default?: Value;
}

/** How a tool's calls reach Tenuo's authorizer (src/world/binding.ts, docs/scenarios.md#bindings). */
export type ToolBinding = 'guard' | 'mcp' | 'mcp-config' | 'claude-hook';

/** An MCP tool's hints (ToolAnnotations): MCP's defaults when absent are readOnly false, destructive true. */
export interface ToolHints {
  readonly readOnlyHint?: boolean;
  readonly destructiveHint?: boolean;
}

/** What Tenuo's Claude Code hook changes in a governed call before signing it (src/world/claude-hook.ts). */
export interface HookView {
  /** The hook's working directory (the scenario's `cwd`). */
  readonly cwd: string;
  /** Arguments signed as the path they name; `emptyIsCwd` for a native tool's governed argument. */
  readonly resolve?: readonly { readonly param: string; readonly emptyIsCwd: boolean }[];
  /** Sign `host` from this URL argument (WebFetch under a web policy). */
  readonly host?: { readonly from: string };
}

/** One declared agent: its parent (null: the org key mints its warrant) and its task_scoped grant. */
export interface AgentDecl {
  readonly name: string;
  readonly from: string | null;
  readonly grant: ToolGrants;
  /** Where the agent's key is in the file. */
  readonly source: SourcePos;
  /** Where its `from:` is (the place a depth or parent problem points at), else its key. */
  readonly fromSource: SourcePos;
  /** Where its `grant:` is. */
  readonly grantSource: SourcePos;
  /** tool → position of its key under this agent's `grant:`. */
  readonly grantSources: Readonly<Record<string, SourcePos>>;
}

/**
 * The declared agents, parents before children (the loader orders them so): a topology is a forest
 * whose roots the org mints.
 */
export type Topology = readonly AgentDecl[];

export interface ScenarioCall {
  tool: string;
  args: Readonly<Record<string, Value>>;
  expect: 'allow' | 'deny';
  source: SourcePos;
  /** `agent:`: the agent that makes the call (model/agents.ts); absent: the scenario's default agent. */
  agent?: string;
}

export interface Scenario {
  name: string;
  description: string;
  request: string;
  /** `suite:`: the suite it belongs to, whose figures the report gives apart (docs/results.md#suites). */
  suite?: string;
  /** Where `suite:` is (a scenario that joins an imported suite unlisted is refused there). */
  suiteSource?: SourcePos;
  file: string;
  source: SourcePos; // position of `name:`
  environment: Environment;
  tools: Readonly<Record<string, CustomTool>>; // declared custom tools
  calls: readonly ScenarioCall[];
  /** The delegation-level steps written between the calls (model/steps.ts); absent when there are none. */
  steps?: readonly ScenarioStep[];
  /** `damage`: a judge CEL number, how much the attack did (docs/effects.md#damage); absent when not measured. */
  judge: { task: string; attack: string; taskSource: SourcePos; attackSource: SourcePos; damage?: string; damageSource?: SourcePos };
  warrant: ToolGrants; // the task_scoped grant
  warrantSource?: SourcePos; // position of `warrant:`
  grantSources?: Readonly<Record<string, SourcePos>>; // tool → position of its key under `warrant:`
  /** Set when the grant was read from a file (`warrant: {from: PATH}`): a Tenuo token or a governance policy. */
  warrantFrom?: WarrantOrigin;
  /** A grant read from a file: tool → where that file writes it (the guard annotates a widening there). */
  grantRules?: Readonly<Record<string, GrantRule>>;
  /** `tools: {from: PATH}`: PATH as written (the baseline compares where a scenario's tools come from). */
  toolsFrom?: string;
  /**
   * `agents:` (docs/scenarios.md#agents, model/agents.ts), parents first. Then `warrant` is `{}` (the file has no `warrant:`):
   * each agent's grant is its own, and whatever reads `warrant` as the one task_scoped grant must
   * ask `agents` first.
   */
  agents?: Topology;
  /** `cwd:`: the agent's working directory (Claude Code's tools and a policy's `{sandbox}`); default /workspace. */
  cwd?: string;
}

/**
 * Where a file a grant was read from (`warrant: {from: PATH}`) writes one tool's grant: a
 * `tenuo.yaml` rule (an `enforce:` or `mcp.enforce:` entry, an `allow:` item), or a token, which
 * has no line of its own for a grant (one signed encoding). docs/guard.md#where-the-change-is.
 */
export interface GrantRule {
  readonly syntax: 'claude_code_policy' | 'token';
  /** The file as problems in it are placed (relative to the run's folder). */
  readonly file: string;
  /** Where the rule starts (a token: 1:1). */
  readonly line: number;
  readonly col: number;
  /** The rule's lines as written, from `line` (bounded); none for a token. */
  readonly lines: readonly string[];
  /** A parameter's own part of the rule, as indexes into `lines` (WebFetch: `host` → its `domains:`). */
  readonly params?: Readonly<Record<string, { readonly first: number; readonly last: number }>>;
}

/** What a load read: its scenarios, how many files they came from (the run says both), and its warnings. */
export interface ScenarioSet {
  readonly scenarios: Scenario[];
  readonly files: number;
  /** What loads but may not do what the author expects, `FILE:LINE:COL: message` (src/scenario/warnings.ts). */
  readonly warnings: readonly string[];
  /** What the loader read or inferred that the author should see, `FILE:LINE:COL: message` (validate prints it). */
  readonly info: readonly string[];
}

/** Where a scenario's grant came from (`warrant: {from: PATH}`), for the results and the report. */
export type WarrantOrigin = TokenOrigin | PolicyOrigin;

/** A Tenuo token's leaf, re-granted under the benchmark's chain. */
export interface TokenOrigin {
  readonly kind: 'token';
  /** PATH as written in `from:`. */
  readonly from: string;
  readonly leaf: string;
  /** The token's holder, which the benchmark replaces by its own worker key. */
  readonly token_holder: string;
  readonly token_root: string;
  /**
   * The token's warrants, root first, as id and tools: the links it carries, for the monotonicity
   * audit (src/analysis/links). Not written to the results (warrantFromInfo picks its fields).
   */
  readonly chain?: readonly { readonly id: string; readonly tools: ToolGrants }[];
}

/** A Claude Code governance policy (`tenuo.yaml`) mapped to the session warrant its hook would mint. */
export interface PolicyOrigin {
  readonly kind: 'claude_code_policy';
  /** PATH as written in `from:`. */
  readonly from: string;
  /** What `{sandbox}` stood for. */
  readonly sandbox: string;
  /** Hex SHA-256 of the policy file's bytes as read: names the exact file that was checked. */
  readonly sha256: string;
}
