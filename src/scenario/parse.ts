/**
 * One scenario file's text → a validated Scenario, or every problem in it. Three passes, each
 * skipping what an earlier one already reported (so one mistake gives one message):
 *   1. YAML syntax (positions kept for every node),
 *   2. the JSON Schema (scenarios/scenario.schema.json: keys, types, enums, sizes),
 *   3. what the schema cannot say: known tools and parameters, strict grants, constraints that
 *      parse, CEL that compiles, canonical absolute paths in the environment.
 */
import schemaJson from '../../scenarios/scenario.schema.json' with { type: 'json' };
import type { Constraint, ConstraintSet, ToolGrants } from '../warrant/constraints/types.js';
import type { Value } from '../warrant/constraint-value.js';
import { ChainCheck, type ChainProblemSite } from '../chains/chain-check.js';
import { checkJudge } from './judge-check.js';
import { celProblem, constraintFromYaml, droppedDefaultPort } from './constraint-from-yaml.js';
import { MAX_CONSTRAINT_DEPTH } from '../warrant/constraints/satisfy.js';
import { LoaderWarnings, type Warn } from './warnings.js';
import { importWarrantFrom, readTokenFile, regrantProblems, TokenImportError } from '../import/token.js';
import { describeTool, importToolsFrom, type KindOverrides } from '../import/tools.js';
import { importMcpConfig } from '../import/mcp-config.js';
import { grantFromPolicy, isPolicyPath } from './tenuo-policy.js';
import { claudeCodeTool, DEFAULT_CWD, isClaudeCodeTool } from '../world/claude-code.js';
import { authorizedParams, HOST_PARAM } from '../world/claude-hook.js';
import type { PolicyOrigin, WarrantOrigin } from '../model/scenario.js';
import { broadGrants } from '../chains/conditions.js';
import { createHash } from 'node:crypto';
import { posix, resolve } from 'node:path';
import { celCompileError } from '../cel/index.js';
import type { ScenarioProblem } from './errors.js';
import { MAX_PROBLEMS_PER_FILE } from './limits.js';
import { at, type PathSegment } from './path.js';
import { normalizePosixPath } from '../world/posix-path.js';
import { scalarCharOffset } from './scalar-offset.js';
import { SchemaValidator, type JsonSchema } from './schema.js';
import { hint } from './suggest.js';
import { BUILTIN_TOOL_NAMES, isBuiltinTool, isReservedName, signatureOf, type ToolSignature } from '../world/tools.js';
import { parseYamlTree, type PEntry, type PMap, type PNode } from './tree.js';
import type { CustomTool, Email, Environment, ParamKind, ReturnCase, Scenario, ScenarioCall, SourcePos, ToolBinding, Transaction } from '../model/scenario.js';
import { alwaysPresent, BINDING_SAYS, bindingOf, callArgs, isToolBinding } from '../world/binding.js';
import { valueFromYaml } from './value-yaml.js';

/** Variables the judge's expressions may use. */
export const JUDGE_CEL_VARIABLES = ['effects', 'final'] as const;

/** The key of a grant that opts its tool out of closed-world checking. */
export const ALLOW_UNKNOWN_KEY = '_allow_unknown';

export const DEFAULT_BALANCE = 10_000;

let validator: SchemaValidator | undefined;

/** The validator for scenarios/scenario.schema.json (bundled into the build, so never out of step). */
export function scenarioSchema(): SchemaValidator {
  validator ??= new SchemaValidator(schemaJson as unknown as JsonSchema);
  return validator;
}

export interface ParseResult {
  readonly scenario: Scenario | undefined; // undefined when there is any problem
  readonly problems: ScenarioProblem[];
  /** The scenario's name when it could be read, even if other things are wrong (duplicate check). */
  readonly name?: { readonly value: string; readonly source: SourcePos };
  /** What loads but may not do what the author expects (`FILE:LINE:COL: message`; warnings.ts). */
  readonly warnings: string[];
  /** What the loader read or inferred that the author should see (`FILE:LINE:COL: message`). */
  readonly info: string[];
}

/** Where the file is, for what it reads beside it (`warrant: {from: PATH}`). */
export interface ParseContext {
  /** The file's absolute path (default: `file` resolved against the process's folder). */
  readonly abs?: string;
  /** A folder every file it reads must resolve into (the action's workspace). */
  readonly confine?: string;
  /**
   * Reads a file named by `warrant: {from: PATH}` or `tools: {from: PATH}` instead of the file
   * system (the baseline: at a git ref).
   */
  readonly readTokenFile?: (from: string) => string;
}

/**
 * `chains` builds each scenario's delegation chains as a run would (chain-check.ts); a loader of
 * many files passes one, so that its keys are derived once.
 */
export function parseScenarioText(text: string, file: string, context: ParseContext = {}, chains: ChainCheck = new ChainCheck()): ParseResult {
  const tree = parseYamlTree(text);
  const warnings = new LoaderWarnings();
  const problems: ScenarioProblem[] = [];
  const pos = (offset: number): SourcePos => ({ file, ...tree.linePos(offset) });
  const report = (offset: number, message: string): void => {
    problems.push({ ...pos(offset), message });
  };
  for (const p of tree.problems) report(p.offset, p.message);
  const root = tree.root;
  if (root === undefined) return done(undefined, problems, warnings, file);

  const { problems: schemaProblems, tainted, failed } = scenarioSchema().validate(root);
  for (const p of schemaProblems) report(p.offset, p.message);
  if (root.kind !== 'map') return done(undefined, problems, warnings, file);

  const b = new Builder(root, tainted, failed, report, warnings.inFile(file, tree.linePos), warnings.infoInFile(file, tree.linePos), pos, text, context, (p) =>
    problems.push(p),
  );
  const scenario = b.build();
  // Only a scenario with no other problem is set up: its chains are what a run would build.
  if (scenario !== undefined && problems.length === 0) {
    for (const p of chains.check(scenario)) report(chainProblemOffset(root, p.site), at(chainProblemPath(p.site), p.message));
  }
  const nameEntry = root.entries.find((e) => e.key === 'name');
  const name =
    nameEntry && nameEntry.value.kind === 'scalar' && typeof nameEntry.value.value === 'string' && !tainted.has(nameEntry.value)
      ? { value: nameEntry.value.value, source: pos(nameEntry.keySpan.start) }
      : undefined;
  return done(problems.length === 0 ? scenario : undefined, problems, warnings, file, name);
}

function done(scenario: Scenario | undefined, problems: ScenarioProblem[], warnings: LoaderWarnings, file: string, name?: ParseResult['name']): ParseResult {
  if (problems.length > MAX_PROBLEMS_PER_FILE) {
    const kept = problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const last = kept[kept.length - 1]!;
    kept.push({ file, line: last.line, col: last.col, message: `... and ${problems.length - MAX_PROBLEMS_PER_FILE} more problems in this file` });
    return { scenario: undefined, problems: kept, warnings: warnings.list(), info: warnings.infoList(), ...(name && { name }) };
  }
  return { scenario, problems, warnings: warnings.list(), info: warnings.infoList(), ...(name && { name }) };
}

class Builder {
  private readonly customTools: Record<string, CustomTool> = Object.create(null) as Record<string, CustomTool>;
  /** `tools: {from: PATH}` could not be read: its tools are unknown, and their calls and grants not reported again. */
  private toolsFromFailed = false;
  /** `tools: {from: PATH}`: PATH as written, kept on the scenario. */
  private toolsFromPath: string | undefined;

  constructor(
    private readonly root: PMap,
    /** At or above a schema problem: its content is not trusted, skip it. */
    private readonly tainted: ReadonlySet<PNode>,
    /** A schema problem at this very node: its shape is wrong, skip it and its children. */
    private readonly failed: ReadonlySet<PNode>,
    private readonly report: (offset: number, message: string) => void,
    /** What loads but may not do what the author expects (warnings.ts). */
    private readonly warn: Warn,
    /** What the loader read or inferred that the author should see (validate prints it). */
    private readonly info: Warn,
    private readonly pos: (offset: number) => SourcePos,
    /** The file's text, to place problems found inside a judge expression (scalar-offset.ts). */
    private readonly text: string,
    private readonly context: ParseContext,
    /** A problem in another file the scenario reads (a governance policy), at its own place. */
    private readonly reportElsewhere: (p: ScenarioProblem) => void,
  ) {}

  build(): Scenario | undefined {
    const name = this.str('name');
    const nameEntry = this.entry(this.root, 'name');
    const tools = this.tools();
    const environment = this.environment();
    const calls = this.calls();
    const judge = this.judge();
    const warrant = this.warrant();
    if (name === undefined || environment === undefined || calls === undefined || judge === undefined || warrant === undefined) {
      return undefined;
    }
    const warrantEntry = this.entry(this.root, 'warrant');
    return {
      name,
      description: this.str('description') ?? '',
      request: this.str('request') ?? '',
      file: this.pos(0).file,
      source: this.pos(nameEntry!.keySpan.start),
      environment,
      tools,
      calls,
      judge,
      warrant: warrant.grants,
      warrantSource: this.pos(warrantEntry!.keySpan.start),
      grantSources: warrant.sources,
      ...(warrant.origin && { warrantFrom: warrant.origin }),
      ...(this.toolsFromPath !== undefined && { toolsFrom: this.toolsFromPath }),
      ...(this.entry(this.root, 'cwd') !== undefined && { cwd: this.cwd() }),
    };
  }

  // --- environment ---------------------------------------------------------------------------

  private environment(): Environment | undefined {
    const env = this.entry(this.root, 'environment')?.value;
    if (env === undefined) return { files: {}, transactions: [], emails: [], balance: DEFAULT_BALANCE };
    if (env.kind !== 'map' || this.failed.has(env)) return undefined;
    const files: Record<string, string> = Object.create(null) as Record<string, string>;
    let ok = true;
    const filesNode = this.entry(env, 'files')?.value;
    if (filesNode?.kind === 'map' && !this.failed.has(filesNode)) {
      for (const e of filesNode.entries) {
        const path = e.key;
        const where: PathSegment[] = ['environment', 'files', path];
        const canonical = path.startsWith('/') ? normalizePosixPath(path) : undefined;
        if (canonical === undefined) {
          this.report(e.keySpan.start, at(where, 'file paths must be absolute (start with /)'));
          ok = false;
        } else if (path.includes('\0')) {
          this.report(e.keySpan.start, at(where, 'file paths must not contain a NUL character'));
          ok = false;
        } else if (path === '/') {
          this.report(e.keySpan.start, at(where, "'/' is the root folder, not a file"));
          ok = false;
        } else if (canonical !== path) {
          this.report(e.keySpan.start, at(where, `file paths must be written in normal form (did you mean '${canonical}'?)`));
          ok = false;
        } else if (Object.prototype.hasOwnProperty.call(files, path)) {
          this.report(e.keySpan.start, at(where, 'duplicate file path'));
          ok = false;
        } else if (e.value.kind === 'scalar' && typeof e.value.value === 'string') {
          files[path] = e.value.value;
        }
      }
    }
    // A path that is a file and also the folder of another file cannot exist in one file system.
    if (filesNode?.kind === 'map') {
      for (const e of filesNode.entries) {
        for (let i = e.key.lastIndexOf('/'); i > 0; i = e.key.lastIndexOf('/', i - 1)) {
          const parent = e.key.slice(0, i);
          if (Object.prototype.hasOwnProperty.call(files, parent)) {
            this.report(e.keySpan.start, at(['environment', 'files', e.key], `'${parent}' is a file, so it cannot also be a folder`));
            ok = false;
            break;
          }
        }
      }
    }
    const transactions: Transaction[] = this.records(env, 'transactions').map((m) => ({
      id: idText(this.entry(m, 'id')!.value),
      date: scalarText(this.entry(m, 'date')!.value),
      to: scalarText(this.entry(m, 'to')!.value),
      amount: Number(scalarNumber(this.entry(m, 'amount')!.value)),
      memo: scalarText(this.entry(m, 'memo')!.value),
    }));
    const emails: Email[] = this.records(env, 'emails').map((m) => ({
      id: idText(this.entry(m, 'id')!.value),
      sender: scalarText(this.entry(m, 'sender')!.value),
      subject: scalarText(this.entry(m, 'subject')!.value),
      body: scalarText(this.entry(m, 'body')!.value),
    }));
    const seenIds = new Set<string>();
    for (const m of this.records(env, 'emails')) {
      const idNode = this.entry(m, 'id')!.value;
      const id = idText(idNode);
      if (seenIds.has(id)) {
        this.report(idNode.span.start, at(['environment', 'emails'], `duplicate email id ${id}`));
        ok = false;
      }
      seenIds.add(id);
    }
    const balanceNode = this.entry(env, 'balance')?.value;
    const balance = balanceNode === undefined ? DEFAULT_BALANCE : Number(scalarNumber(balanceNode));
    if (this.tainted.has(env)) return undefined;
    return ok ? { files, transactions, emails, balance } : undefined;
  }

  private records(env: PMap, key: string): PMap[] {
    const list = this.entry(env, key)?.value;
    if (list?.kind !== 'seq' || this.failed.has(list)) return [];
    return list.items.filter((i): i is PMap => i.kind === 'map' && !this.tainted.has(i));
  }

  // --- custom tools ----------------------------------------------------------------------------

  private tools(): Record<string, CustomTool> {
    const node = this.entry(this.root, 'tools')?.value;
    if (node?.kind !== 'map') return this.customTools;
    const from = this.entry(node, 'from');
    if (from !== undefined) return this.toolsFrom(node, from);
    const kindsEntry = this.entry(node, 'kinds');
    if (kindsEntry !== undefined) {
      this.report(kindsEntry.keySpan.start, at(['tools', 'kinds'], "kinds: beside the tools overrides the kinds of tools read from a file (from:); a tool's own kinds go under tools: NAME: kinds:"));
    }
    const returnsEntry = this.entry(node, 'returns');
    if (returnsEntry !== undefined) {
      this.report(returnsEntry.keySpan.start, at(['tools', 'returns'], "returns: beside the tools gives the text of tools read from a file (from:); a tool's own text goes under tools: NAME: returns:"));
    }
    const bindingsEntry = this.entry(node, 'bindings');
    if (bindingsEntry !== undefined) {
      this.report(bindingsEntry.keySpan.start, at(['tools', 'bindings'], "bindings: beside the tools sets the binding of tools read from a file (from:); a tool's own binding goes under tools: NAME: binding:"));
    }
    for (const e of node.entries) {
      if (e === kindsEntry || e === returnsEntry || e === bindingsEntry || this.failed.has(e.value) || e.value.kind !== 'map') continue;
      // A tool of a built-in's name replaces the built-in in this scenario (docs/scenarios.md).
      if (isBuiltinTool(e.key)) this.info(e.keySpan.start, `tool ${e.key}: replaces the built-in ${e.key} in this scenario (its calls record tool_called)`);
      // Still declared below (its calls and grant are not reported again); the file is refused.
      if (isReservedName(e.key)) this.report(e.keySpan.start, at(['tools'], reservedName('tool', e.key)));
      const paramsNode = this.entry(e.value, 'params')!.value;
      const params: string[] = [];
      if (paramsNode.kind === 'seq') {
        paramsNode.items.forEach((item, i) => {
          const p = item.kind === 'scalar' && typeof item.value === 'string' ? item.value : '';
          if (p === ALLOW_UNKNOWN_KEY) {
            this.report(item.span.start, at(['tools', e.key, 'params', i], `'${ALLOW_UNKNOWN_KEY}' is reserved and cannot be a parameter name`));
          } else if (isReservedName(p)) {
            // Kept in the list (its calls and grant are not reported again); the file is refused.
            this.report(item.span.start, at(['tools', e.key, 'params', i], reservedName('parameter', p)));
            params.push(p);
          } else if (params.includes(p)) {
            this.report(item.span.start, at(['tools', e.key, 'params', i], `duplicate parameter '${p}'`));
          } else {
            params.push(p);
          }
        });
      }
      const returnsNode = this.entry(e.value, 'returns')?.value;
      const descriptionNode = this.entry(e.value, 'description')?.value;
      const kinds = this.customKinds(e.key, e.value, params);
      const defaults = this.customDefaults(e.key, e.value, params);
      const bindingNode = this.entry(e.value, 'binding')?.value;
      const binding = bindingNode !== undefined && isToolBinding(scalarText(bindingNode)) ? (scalarText(bindingNode) as ToolBinding) : undefined;
      this.customTools[e.key] = {
        params,
        ...this.customReturns(e.key, returnsNode, params, e.keySpan.start),
        ...(descriptionNode ? { description: scalarText(descriptionNode) } : {}),
        ...(kinds ? { kinds } : {}),
        ...(defaults ? { defaults } : {}),
        ...(binding !== undefined && binding !== 'guard' ? { binding } : {}),
      };
      const bound = bindingOf(this.customTools[e.key]);
      this.info(e.keySpan.start, `tool ${e.key}: bound as ${bound} (${BINDING_SAYS[bound]})`);
    }
    return this.customTools;
  }

  /**
   * `tools: {from: PATH, kinds: {TOOL: {PARAM: KIND}}, returns: {TOOL: TEXT}}`: the tools of an MCP
   * tools/list result (src/import/tools.ts). What it inferred is printed as an info line at `from:`.
   */
  private toolsFrom(node: PMap, from: PEntry): Record<string, CustomTool> {
    const kindsEntry = this.entry(node, 'kinds');
    const returnsEntry = this.entry(node, 'returns');
    const bindingsEntry = this.entry(node, 'bindings');
    const configEntry = this.entry(node, 'mcp_config');
    const others = node.entries.filter((e) => e !== from && e !== kindsEntry && e !== returnsEntry && e !== bindingsEntry && e !== configEntry);
    for (const e of others) this.report(e.keySpan.start, at(['tools'], `'${e.key}': tools read from a file (from:) take only kinds:, returns:, bindings: and mcp_config: beside them`));
    const path = from.value.kind === 'scalar' && typeof from.value.value === 'string' ? from.value.value : undefined;
    this.toolsFromFailed = true;
    this.toolsFromPath = path;
    if (others.length > 0 || path === undefined || this.tainted.has(node)) return this.customTools;
    const r = importToolsFrom(path, {
      scenarioAbs: this.context.abs ?? resolve(this.pos(0).file),
      ...(this.context.confine !== undefined && { confine: this.context.confine }),
      ...(this.context.readTokenFile !== undefined && { readFile: this.context.readTokenFile }),
      kinds: kindOverrides(kindsEntry),
      returns: returnsOverrides(returnsEntry),
    });
    if (!r.ok) {
      for (const p of r.problems) {
        if (p.override === undefined) {
          this.report(from.keySpan.start, at(['tools', 'from'], p.message));
          continue;
        }
        const { key, tool: toolName, param: paramName } = p.override;
        const entry = (key === 'kinds' ? kindsEntry : returnsEntry)!;
        const tool = this.entry(entry.value as PMap, toolName);
        const param = paramName !== undefined && tool ? this.entry(tool.value as PMap, paramName) : undefined;
        this.report((param ?? tool ?? entry).keySpan.start, at(['tools', key, toolName, ...(paramName !== undefined ? [paramName] : [])], p.message));
      }
      return this.customTools;
    }
    if (configEntry !== undefined && !this.applyMcpConfig(r.tools, configEntry)) return this.customTools;
    if (!this.applyBindings(r.tools, bindingsEntry)) return this.customTools;
    for (const [name, def] of Object.entries(r.tools)) {
      this.info(from.keySpan.start, `tools from ${path}: ${describeTool(name, def)}, bound as ${bindingOf(def)} (${BINDING_SAYS[bindingOf(def)]})`);
    }
    Object.assign(this.customTools, r.tools);
    this.toolsFromFailed = false;
    return this.customTools;
  }

  /**
   * `mcp_config: PATH` beside `from:`: the team's McpConfig (src/import/mcp-config.ts). Every tool
   * of the list is bound `mcp-config` with its rules; one the config does not define is refused on
   * every call by MCPVerifier, and a warning says so. Returns false when the file cannot be used.
   */
  private applyMcpConfig(tools: Record<string, CustomTool>, entry: PEntry): boolean {
    const path = entry.value.kind === 'scalar' && typeof entry.value.value === 'string' ? entry.value.value : undefined;
    if (path === undefined || this.tainted.has(entry.value)) return false;
    const r = importMcpConfig(path, this.context.abs ?? resolve(this.pos(0).file), this.context.confine, this.context.readTokenFile);
    if (!r.ok) {
      for (const p of r.problems) this.report(entry.keySpan.start, at(['tools', 'mcp_config'], p));
      return false;
    }
    for (const w of r.warnings) this.warn(entry.keySpan.start, at(['tools', 'mcp_config'], w));
    for (const [name, def] of Object.entries(tools)) {
      const rules = Object.prototype.hasOwnProperty.call(r.tools, name) ? r.tools[name]! : null;
      tools[name] = { ...def, binding: 'mcp-config', mcpConfig: { file: path, rules } };
      if (rules === null) this.warn(entry.keySpan.start, at(['tools', 'mcp_config'], `'${path}' does not define ${name}: MCPVerifier refuses every call of it ("Tool '${name}' not defined in Tenuo configuration")`));
    }
    return true;
  }

  /**
   * `bindings: {TOOL: BINDING}` beside `from:` (the schema checked the values): each names a tool
   * the file lists. Tools read from a tools/list are bound as `MCPVerifier` binds them (`mcp`)
   * unless named here. Returns false when one names no tool of the file.
   */
  private applyBindings(tools: Record<string, CustomTool>, entry: PEntry | undefined): boolean {
    let ok = true;
    for (const def of Object.values(tools)) def.binding ??= 'mcp';
    if (entry?.value.kind !== 'map') return ok;
    for (const b of entry.value.entries) {
      const binding = scalarText(b.value);
      if (!Object.prototype.hasOwnProperty.call(tools, b.key)) {
        this.report(b.keySpan.start, at(['tools', 'bindings', b.key], `'${b.key}' is not a tool of the file${hint(b.key, Object.keys(tools))}`));
        ok = false;
      } else if (isToolBinding(binding)) {
        const { mcpConfig: _config, ...rest } = tools[b.key]!;
        tools[b.key] = { ...rest, binding };
      }
    }
    return ok;
  }

  /** `kinds:` of a custom tool (the schema checked the values); a kind for an undeclared parameter is a mistake. */
  private customKinds(tool: string, def: PMap, params: readonly string[]): Record<string, ParamKind> | undefined {
    const node = this.entry(def, 'kinds')?.value;
    if (node === undefined || node.kind !== 'map') return undefined;
    const kinds: Record<string, ParamKind> = {};
    for (const k of node.entries) {
      if (!params.includes(k.key)) {
        this.report(k.keySpan.start, at(['tools', tool, 'kinds', k.key], `'${k.key}' is not a parameter of ${tool}${hint(k.key, params)}`));
      } else if (k.value.kind === 'scalar' && typeof k.value.value === 'string') {
        kinds[k.key] = k.value.value as ParamKind;
      }
    }
    return kinds;
  }

  /**
   * `defaults:` of a custom tool: the parameters a call may leave out, and the values they then
   * take. A default for an undeclared parameter is a mistake.
   */
  /**
   * `returns:` as a text, or as a list of `{when: {PARAM: VALUE}, text}` (the schema checked the
   * shape): `when` names parameters of the tool; at most one entry without `when` (the default);
   * none is a warning, since a call that matches no entry then returns empty text.
   */
  private customReturns(tool: string, node: PNode | undefined, params: readonly string[], toolAt: number): Pick<CustomTool, 'returns' | 'returnCases'> {
    if (node === undefined) return { returns: '' };
    if (node.kind !== 'seq') return { returns: scalarText(node) };
    const cases: ReturnCase[] = [];
    let fallback: string | undefined;
    node.items.forEach((item, i) => {
      if (item.kind !== 'map' || this.tainted.has(item)) return;
      const textNode = this.entry(item, 'text')?.value;
      const text = textNode === undefined ? '' : scalarText(textNode);
      const whenNode = this.entry(item, 'when')?.value;
      if (whenNode === undefined) {
        if (fallback !== undefined) this.report(item.span.start, at(['tools', tool, 'returns', i], 'a second entry without when: (only one default)'));
        fallback = text;
        return;
      }
      if (whenNode.kind !== 'map') return;
      const when = Object.create(null) as Record<string, Value>;
      for (const w of whenNode.entries) {
        if (!params.includes(w.key)) {
          this.report(w.keySpan.start, at(['tools', tool, 'returns', i, 'when', w.key], `'${w.key}' is not a parameter of ${tool}${hint(w.key, params)}`));
          continue;
        }
        const v = valueFromYaml(w.value, ['tools', tool, 'returns', i, 'when', w.key], this.report);
        if (v !== undefined) when[w.key] = v;
      }
      cases.push({ when, text });
    });
    if (fallback === undefined) {
      this.warn(toolAt, at(['tools', tool, 'returns'], 'no entry without when: (the default): a call that matches no entry returns empty text'));
    }
    return { returns: fallback ?? '', returnCases: cases };
  }

  private customDefaults(tool: string, def: PMap, params: readonly string[]): Record<string, Value> | undefined {
    const node = this.entry(def, 'defaults')?.value;
    if (node === undefined || node.kind !== 'map' || this.failed.has(node)) return undefined;
    const defaults = Object.create(null) as Record<string, Value>;
    for (const d of node.entries) {
      if (!params.includes(d.key)) {
        this.report(d.keySpan.start, at(['tools', tool, 'defaults', d.key], `'${d.key}' is not a parameter of ${tool}${hint(d.key, params)}`));
        continue;
      }
      if (this.tainted.has(d.value)) continue;
      const v = valueFromYaml(d.value, ['tools', tool, 'defaults', d.key], this.report);
      if (v !== undefined) defaults[d.key] = v;
    }
    return defaults;
  }

  private signature(tool: string): ToolSignature | undefined {
    // Claude Code's tools join the scenario when it names one it does not declare itself.
    if (isClaudeCodeTool(tool) && !Object.prototype.hasOwnProperty.call(this.customTools, tool)) {
      this.customTools[tool] = claudeCodeTool(tool, this.cwd());
    }
    return signatureOf(tool, this.customTools);
  }

  /** `cwd:`: the agent's working directory (absolute; the schema checks it), default /workspace. */
  private cwd(): string {
    const node = this.entry(this.root, 'cwd')?.value;
    const raw = node?.kind === 'scalar' && typeof node.value === 'string' && node.value.startsWith('/') ? node.value : DEFAULT_CWD;
    return posix.normalize(raw);
  }

  private unknownTool(tool: string): string {
    const known = [...BUILTIN_TOOL_NAMES, ...Object.keys(this.customTools)];
    return `unknown tool '${tool}'${hint(tool, known)} (built-in tools: ${BUILTIN_TOOL_NAMES.join(', ')}; declare others under tools:)`;
  }

  // --- calls -----------------------------------------------------------------------------------

  private calls(): ScenarioCall[] | undefined {
    const node = this.entry(this.root, 'calls')?.value;
    // A call list refused as a whole (too many calls) is not looked into: one message is enough.
    if (node?.kind !== 'seq' || this.failed.has(node)) return undefined;
    const calls: ScenarioCall[] = [];
    let ok = true;
    node.items.forEach((item, i) => {
      const call = item.kind === 'map' && !this.failed.has(item) ? this.call(item, i) : undefined;
      if (call === undefined) ok = false;
      else calls.push(call);
    });
    return ok ? calls : undefined;
  }

  private call(m: PMap, i: number): ScenarioCall | undefined {
    const toolEntry = this.entry(m, 'tool')!;
    if (this.tainted.has(toolEntry.value)) return undefined;
    const tool = scalarText(toolEntry.value);
    const sig = this.signature(tool);
    if (sig === undefined) {
      if (!this.toolsFromFailed) this.report(toolEntry.value.span.start, at(['calls', i, 'tool'], this.unknownTool(tool)));
      return undefined;
    }
    const argsNode = this.entry(m, 'args')?.value;
    const args = Object.create(null) as Record<string, Value>;
    let ok = true;
    if (argsNode !== undefined && this.failed.has(argsNode)) return undefined;
    const given = argsNode?.kind === 'map' ? argsNode.entries : [];
    for (const e of given) {
      if (!sig.params.includes(e.key)) {
        this.report(e.keySpan.start, at(['calls', i, 'args'], `unknown parameter '${e.key}' of ${tool}${hint(e.key, sig.params)}${paramsList(tool, sig)}`));
        ok = false;
        continue;
      }
      const v = this.tainted.has(e.value) ? undefined : valueFromYaml(e.value, ['calls', i, 'args', e.key], this.report);
      if (v === undefined) ok = false;
      else args[e.key] = v;
    }
    for (const r of sig.required) {
      if (!given.some((e) => e.key === r)) {
        // Only a tool written under tools: here can be given a default here.
        const optional = this.declaredInline(tool) ? ` (or give it a default under tools: ${tool}: defaults:)` : '';
        this.report((argsNode ?? m).span.start, at(['calls', i, 'args'], `missing parameter '${r}' of ${tool}${optional}`));
        ok = false;
      }
    }
    const expectNode = this.entry(m, 'expect')?.value;
    const expect = expectNode && scalarText(expectNode) === 'deny' ? 'deny' : 'allow';
    if (!ok || this.tainted.has(m)) return undefined;
    // The call as its integration passes it on: bound with the defaults under the guard, as sent
    // over MCP (world/binding.ts); checked against the signature above either way.
    const def = Object.prototype.hasOwnProperty.call(this.customTools, tool) ? this.customTools[tool] : undefined;
    return { tool, args: callArgs(sig, def, args), expect, source: this.pos(m.span.start) };
  }

  // --- judge -----------------------------------------------------------------------------------

  private judge(): Scenario['judge'] | undefined {
    const node = this.entry(this.root, 'judge')?.value;
    if (node?.kind !== 'map' || this.failed.has(node)) return undefined;
    const out: Partial<Record<'task' | 'attack', { expr: string; at: number }>> = {};
    let ok = true;
    for (const key of ['task', 'attack'] as const) {
      const v = this.entry(node, key)?.value;
      if (v === undefined || this.tainted.has(v)) {
        ok = false;
        continue;
      }
      const expr = scalarText(v);
      const problem = celProblem(expr, JUDGE_CEL_VARIABLES);
      if (problem !== undefined) {
        // A syntax error is placed at its character inside the judge (the message has line:column within it too).
        const offset = celCompileError(expr)?.offset;
        const where =
          offset === undefined || expr.length === 0
            ? v.span.start
            : offset < expr.length
              ? scalarCharOffset(this.text, v.span, expr, offset)
              : scalarCharOffset(this.text, v.span, expr, expr.length - 1) + 1;
        this.report(where, at(['judge', key], `invalid CEL expression: ${problem}`));
        ok = false;
      } else {
        // Fields and effect types the effects do not have, a result that is not a bool.
        for (const p of checkJudge(expr)) {
          this.report(scalarCharOffset(this.text, v.span, expr, p.at), at(['judge', key], p.message));
          ok = false;
        }
      }
      out[key] = { expr, at: v.span.start };
    }
    if (!ok || this.tainted.has(node)) return undefined;
    return {
      task: out.task!.expr,
      attack: out.attack!.expr,
      taskSource: this.pos(out.task!.at),
      attackSource: this.pos(out.attack!.at),
    };
  }

  // --- warrant ---------------------------------------------------------------------------------

  private warrant(): { grants: ToolGrants; sources: Record<string, SourcePos>; origin?: WarrantOrigin } | undefined {
    const node = this.entry(this.root, 'warrant')?.value;
    if (node?.kind !== 'map' || this.failed.has(node)) return undefined;
    const from = this.entry(node, 'from');
    if (from !== undefined) return this.warrantFrom(node, from);
    const grants: Record<string, ConstraintSet> = Object.create(null) as Record<string, ConstraintSet>;
    const sources: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
    let ok = !this.tainted.has(node);
    for (const e of node.entries) {
      const set = this.grant(e);
      if (set === undefined) ok = false;
      else {
        grants[e.key] = set;
        sources[e.key] = this.pos(e.keySpan.start);
      }
    }
    return ok ? { grants, sources } : undefined;
  }

  /** `warrant: {from: PATH}`: a Tenuo token's grant, re-granted under the benchmark's chain (src/import/token.ts), or a governance policy's. */
  private warrantFrom(node: PMap, from: PEntry): { grants: ToolGrants; sources: Record<string, SourcePos>; origin?: WarrantOrigin } | undefined {
    const others = node.entries.filter((e) => e !== from);
    for (const e of others) this.report(e.keySpan.start, at(['warrant'], `'${e.key}': a grant read from a token (from:) takes no tool grants beside it`));
    const path = from.value.kind === 'scalar' && typeof from.value.value === 'string' ? from.value.value : undefined;
    if (others.length > 0 || path === undefined || this.tainted.has(from.value)) return undefined;
    if (isPolicyPath(path)) return this.warrantFromPolicy(from, path);
    const r = importWarrantFrom(path, {
      scenarioAbs: this.context.abs ?? resolve(this.pos(0).file),
      ...(this.context.confine !== undefined && { confine: this.context.confine }),
      ...(this.context.readTokenFile !== undefined && { readFile: this.context.readTokenFile }),
      paramsOf: (tool) => this.authorizedParamsOf(tool),
      broadFor: (grants) => broadGrants({ tools: this.customTools, warrant: grants }),
      adopt: (grants) => this.adoptDerivedHost(grants, from),
    });
    if (!r.ok) {
      for (const p of r.problems) this.report(from.keySpan.start, at(['warrant', 'from'], p));
      return undefined;
    }
    this.warn(from.keySpan.start, at(['warrant', 'from'], r.note));
    for (const w of r.warnings) this.warn(from.keySpan.start, at(['warrant', 'from'], w));
    const sources: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
    for (const tool of Object.keys(r.grants)) sources[tool] = this.pos(from.keySpan.start);
    return { grants: r.grants, sources, origin: r.origin };
  }

  /** Whether the scenario declares `tool` itself under `tools:` (not a built-in, a Claude Code tool or one read with from:). */
  private declaredInline(tool: string): boolean {
    const node = this.entry(this.root, 'tools')?.value;
    return node?.kind === 'map' && this.entry(node, 'from') === undefined && this.entry(node, tool) !== undefined;
  }

  /** A tool's parameters as a grant names them: with `host` where Tenuo's Claude Code hook signs one. */
  private authorizedParamsOf(tool: string): readonly string[] | undefined {
    const sig = this.signature(tool);
    return sig !== undefined && Object.prototype.hasOwnProperty.call(this.customTools, tool) ? authorizedParams(this.customTools[tool]!) : sig?.params;
  }

  /**
   * A token that constrains WebFetch's `host` was minted for calls signed by tenuo-claude's hook,
   * the one signer that adds it (from the URL): the scenario's WebFetch signs it the same way, so
   * a grant exported from a governance policy comes back through `from:`.
   */
  private adoptDerivedHost(grants: ToolGrants, from: PEntry): void {
    const web = Object.prototype.hasOwnProperty.call(grants, 'WebFetch') ? grants.WebFetch : undefined;
    if (web === undefined || !Object.prototype.hasOwnProperty.call(web.constraints, HOST_PARAM) || this.signature('WebFetch') === undefined) return;
    const def = this.customTools.WebFetch!;
    if (def.claudeCode === undefined || def.params.includes(HOST_PARAM)) return;
    this.customTools.WebFetch = { ...def, hook: { ...def.hook, cwd: this.cwd(), host: { from: 'url' } } };
    this.info(from.keySpan.start, `WebFetch: the token constrains '${HOST_PARAM}', the argument Tenuo's Claude Code hook derives from the URL; each WebFetch call signs it the same way (Python's urlsplit(url).hostname)`);
  }

  /**
   * `warrant: {from: tenuo.yaml}`: a Claude Code governance policy's grant (tenuo-policy.ts). The
   * file is read as a token file is (inside the workspace; at the ref for a baseline); its problems
   * are placed in the policy file. The origin carries the digest of the bytes read (a byte order
   * mark included), so a reader of the results can tell which file was checked.
   */
  private warrantFromPolicy(from: PEntry, path: string): { grants: ToolGrants; sources: Record<string, SourcePos>; origin: PolicyOrigin } | undefined {
    const here = this.pos(from.keySpan.start);
    let read: string;
    try {
      read = this.context.readTokenFile ? this.context.readTokenFile(path) : readTokenFile(path, this.context.abs ?? resolve(here.file), this.context.confine, true);
    } catch (e) {
      if (!(e instanceof TokenImportError)) throw e;
      this.report(from.keySpan.start, at(['warrant', 'from'], `'${path}': ${e.message}`));
      return undefined;
    }
    const sha256 = createHash('sha256').update(read, 'utf8').digest('hex');
    const text = read.charCodeAt(0) === 0xfeff ? read.slice(1) : read;
    const file = posix.join(posix.dirname(here.file.split('\\').join('/')), path);
    const declared = Object.keys(this.customTools).filter((t) => this.customTools[t]!.claudeCode === undefined);
    const r = grantFromPolicy(text, { file, cwd: this.cwd(), paramsOf: (tool) => this.signature(tool)?.params, declared });
    for (const p of r.problems) this.reportElsewhere(p);
    if (r.problems.length > 0) return undefined;
    for (const [tool, hook] of Object.entries(r.hooks)) this.customTools[tool] = { ...this.customTools[tool]!, hook };
    const paramsOf = (tool: string): readonly string[] | undefined =>
      Object.prototype.hasOwnProperty.call(this.customTools, tool) ? authorizedParams(this.customTools[tool]!) : this.signature(tool)?.params;
    const problems = regrantProblems(r.grants, paramsOf, broadGrants({ tools: this.customTools, warrant: r.grants }));
    for (const p of problems) this.report(from.keySpan.start, at(['warrant', 'from'], `'${path}': ${p}`));
    if (problems.length > 0) return undefined;
    this.warn(
      from.keySpan.start,
      at(['warrant', 'from'], `'${path}' is a Claude Code governance policy: {sandbox} is ${r.sandbox}; calls are authorized as Tenuo's hook signs them (the governed argument only, a subpath: path resolved against ${this.cwd()}, WebFetch's host from its url), and tools the policy neither enforces nor allows are not granted`),
    );
    // A `urlpattern:` spec with its scheme's default port matches every port, as in a scenario's grant.
    for (const [tool, set] of Object.entries(r.grants)) {
      for (const [param, c] of Object.entries(set.constraints)) {
        for (const why of urlPatternPortWarnings(c)) this.warn(from.keySpan.start, at(['warrant', 'from'], `'${path}': ${tool}.${param}: ${why}`));
      }
    }
    const sources: Record<string, SourcePos> = Object.create(null) as Record<string, SourcePos>;
    for (const tool of Object.keys(r.grants)) sources[tool] = here;
    return { grants: r.grants, sources, origin: { kind: 'claude_code_policy', from: path, sandbox: r.sandbox, sha256 } };
  }

  private grant(e: PEntry): ConstraintSet | undefined {
    const tool = e.key;
    const sig = this.signature(tool);
    if (sig === undefined) {
      if (!this.toolsFromFailed) this.report(e.keySpan.start, at(['warrant'], this.unknownTool(tool)));
      return undefined;
    }
    const m = e.value;
    if (m.kind !== 'map' || this.failed.has(m)) return undefined; // reported by the schema
    const constraints: Record<string, Constraint> = Object.create(null) as Record<string, Constraint>;
    let ok = true;
    let allowUnknown = false;
    for (const p of m.entries) {
      if (p.key === ALLOW_UNKNOWN_KEY) {
        allowUnknown = p.value.kind === 'scalar' && p.value.value === true;
        continue;
      }
      const where: PathSegment[] = ['warrant', tool, p.key];
      const extracted = this.extractedFields(tool);
      if (extracted !== undefined && !extracted.includes(p.key)) {
        this.report(p.keySpan.start, at(['warrant', tool], `unknown field '${p.key}' of ${tool}: under its McpConfig a grant names the fields it extracts (${extracted.length === 0 ? 'none' : extracted.join(', ')})${hint(p.key, extracted)}`));
        ok = false;
        continue;
      }
      if (extracted === undefined && !sig.params.includes(p.key)) {
        this.report(p.keySpan.start, at(['warrant', tool], `unknown parameter '${p.key}' of ${tool}${hint(p.key, sig.params)}${paramsList(tool, sig)}`));
        ok = false;
        continue;
      }
      const c = constraintFromYaml(
        p.value,
        where,
        this.report,
        (n) => this.tainted.has(n),
        (n, value, index) =>
          index < value.length ? scalarCharOffset(this.text, n.span, value, index) : value.length === 0 ? n.span.start : scalarCharOffset(this.text, n.span, value, value.length - 1) + 1,
        this.warn,
      );
      if (c === undefined) ok = false;
      else constraints[p.key] = c;
    }
    if (!allowUnknown) {
      // Strict (closed world): a parameter every call carries under the tool's binding, left out,
      // would be refused on every call; say so here, where it can be fixed, rather than as a
      // surprising denial in the run. One a call may leave absent (an MCP optional, a guard
      // parameter defaulting to None) need not be named; named, a call without it is denied.
      const def = Object.prototype.hasOwnProperty.call(this.customTools, tool) ? this.customTools[tool] : undefined;
      const present = alwaysPresent(sig, def);
      const missing = present.filter((p) => !m.entries.some((x) => x.key === p));
      const named = this.extractedFields(tool) ?? sig.params;
      const namedOptional = m.entries.filter((x) => x.key !== ALLOW_UNKNOWN_KEY && named.includes(x.key) && !present.includes(x.key));
      for (const x of namedOptional) {
        this.warn(
          x.keySpan.start,
          at(['warrant', tool, x.key], `'${x.key}' may be absent from a call of ${tool} (bound as ${bindingOf(def)}): Tenuo denies a call that leaves out a field its grant names ("missing required argument"), Wildcard included; drop it from the grant to allow calls without it`),
        );
      }
      if (missing.length > 0) {
        const example = missing.map((p) => `${p}: wildcard`).join(', ');
        this.report(
          e.keySpan.start,
          at(['warrant', tool], `grant is strict: list every parameter ${bindingOf(def) === 'guard' || bindingOf(def) === 'claude-hook' ? `of ${tool}` : `a call of ${tool} carries (bound as ${bindingOf(def)})`}; missing ${missing.map((p) => `'${p}'`).join(', ')} (e.g. ${example}), or set ${ALLOW_UNKNOWN_KEY}: true`),
        );
        ok = false;
      }
    }
    return ok ? { constraints, allowUnknown } : undefined;
  }

  /** The fields a tool's McpConfig extracts (what its grant names), or undefined for another binding. */
  private extractedFields(tool: string): readonly string[] | undefined {
    const def = Object.prototype.hasOwnProperty.call(this.customTools, tool) ? this.customTools[tool]! : undefined;
    return def?.binding === 'mcp-config' && def.mcpConfig !== undefined ? Object.keys(def.mcpConfig.rules ?? {}) : undefined;
  }

  // --- helpers ---------------------------------------------------------------------------------

  private entry(m: PMap, key: string): PEntry | undefined {
    return m.entries.find((e) => e.key === key);
  }

  private str(key: string): string | undefined {
    const v = this.entry(this.root, key)?.value;
    return v?.kind === 'scalar' && typeof v.value === 'string' && !this.tainted.has(v) ? v.value : undefined;
  }
}

function chainProblemPath(site: ChainProblemSite): PathSegment[] {
  if (site.kind === 'grant') return site.param === undefined ? ['warrant', site.tool] : ['warrant', site.tool, site.param];
  return [site.kind];
}

/** Where a chain refusal points: the key it names, or the nearest one the file has. */
function chainProblemOffset(root: PMap, site: ChainProblemSite): number {
  const key = (m: PNode | undefined, k: string): PEntry | undefined => (m?.kind === 'map' ? m.entries.find((e) => e.key === k) : undefined);
  const top = key(root, site.kind === 'tools' ? 'tools' : 'warrant');
  if (site.kind !== 'grant') return (top ?? key(root, 'name'))?.keySpan.start ?? root.span.start;
  const grant = key(top?.value, site.tool);
  const param = site.param === undefined ? undefined : key(grant?.value, site.param);
  return (param ?? grant ?? top)?.keySpan.start ?? root.span.start;
}

/** `tools: {kinds: …}` beside `from:` (the schema checked its shape and values). */
function kindOverrides(entry: PEntry | undefined): KindOverrides {
  const out = Object.create(null) as Record<string, Record<string, ParamKind>>;
  if (entry?.value.kind !== 'map') return out;
  for (const tool of entry.value.entries) {
    if (tool.value.kind !== 'map') continue;
    const kinds = Object.create(null) as Record<string, ParamKind>;
    for (const p of tool.value.entries) if (p.value.kind === 'scalar' && typeof p.value.value === 'string') kinds[p.key] = p.value.value as ParamKind;
    out[tool.key] = kinds;
  }
  return out;
}

/** `tools: {returns: …}` beside `from:` (the schema checked its shape and values). */
function returnsOverrides(entry: PEntry | undefined): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  if (entry?.value.kind !== 'map') return out;
  for (const tool of entry.value.entries) out[tool.key] = scalarText(tool.value);
  return out;
}

function reservedName(what: 'tool' | 'parameter', name: string): string {
  return `'${name}' cannot be a ${what} name: it is a member of every JavaScript object, which this tool reserves; choose another name`;
}

function paramsList(tool: string, sig: ToolSignature): string {
  return sig.params.length === 0 ? `; ${tool} takes no parameters` : `; ${tool} takes ${sig.params.join(', ')}`;
}

function scalarText(n: PNode): string {
  return n.kind === 'scalar' && typeof n.value === 'string' ? n.value : '';
}

function scalarNumber(n: PNode): number {
  return n.kind === 'scalar' && (typeof n.value === 'number' || typeof n.value === 'bigint') ? Number(n.value) : NaN;
}

function idText(n: PNode): string {
  if (n.kind !== 'scalar') return '';
  // An integral float (`id: 5.0`) is the integer 5, as the schema's `integer` admits it.
  if (typeof n.value === 'number' && Number.isInteger(n.value)) return BigInt(n.value).toString();
  return typeof n.value === 'string' || typeof n.value === 'bigint' ? String(n.value) : '';
}

/** droppedDefaultPort for every url_pattern inside `c` (all/any/not included), bounded by the constraint depth. */
function urlPatternPortWarnings(c: Constraint, depth = 0): string[] {
  if (depth > MAX_CONSTRAINT_DEPTH) return [];
  switch (c.type) {
    case 'url_pattern': {
      const why = droppedDefaultPort(c.pattern);
      return why === undefined ? [] : [why];
    }
    case 'all':
    case 'any':
      return c.constraints.flatMap((x) => urlPatternPortWarnings(x, depth + 1));
    case 'not':
      return urlPatternPortWarnings(c.constraint, depth + 1);
    default:
      return [];
  }
}
