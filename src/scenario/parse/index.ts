/**
 * One scenario file's text → a validated Scenario, or every problem in it. Three passes, each
 * skipping what an earlier one already reported (so one mistake gives one message):
 *   1. YAML syntax (positions kept for every node),
 *   2. the JSON Schema (scenarios/scenario.schema.json: keys, types, enums, sizes),
 *   3. what the schema cannot say: known tools and parameters, strict grants, constraints that
 *      parse, CEL that compiles, canonical absolute paths in the environment.
 */
import schemaJson from '../../../scenarios/scenario.schema.json' with { type: 'json' };
import { ChainCheck, type ChainProblemSite } from '../../chains/chain-check.js';
import type { Scenario, SourcePos } from '../../model/scenario.js';
import { agentNames, defaultAgent, IMPLICIT_WORKER, leavesOf } from '../../model/agents.js';
import type { ScenarioProblem } from '../errors.js';
import { at, type PathSegment } from '../key-path.js';
import { MAX_PROBLEMS_PER_FILE } from '../limits.js';
import { SchemaValidator, type JsonSchema } from '../schema.js';
import { parseYamlTree, type PEntry, type PMap, type PNode } from '../../lib/yaml-tree.js';
import { LoaderWarnings } from '../warnings.js';
import { readAgents, type AgentsRead } from './agents-section.js';
import { readCalls, type CallAgents } from './calls-section.js';
import { ScenarioCursor, type ParseContext } from './cursor.js';
import { readEnvironment } from './environment-section.js';
import { readJudge } from './judge-section.js';
import { ScenarioToolTable } from './tool-table.js';
import { readTools } from './tools-section.js';
import { readWarrant } from './warrant-section.js';

export type { ParseContext } from './cursor.js';

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

/**
 * `chains` builds each scenario's delegation chains as a run would (chain-check.ts); a loader of
 * many files passes one, so that its keys are derived once.
 */
export function parseScenarioText(
  text: string,
  file: string,
  context: ParseContext = {},
  chains: ChainCheck = new ChainCheck(),
): ParseResult {
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

  const cursor = new ScenarioCursor({
    root,
    tainted,
    failed,
    report,
    warn: warnings.inFile(file, tree.linePos),
    info: warnings.infoInFile(file, tree.linePos),
    pos,
    text,
    context,
    reportElsewhere: (p) => problems.push(p),
  });
  const scenario = buildScenario(cursor);
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

function done(
  scenario: Scenario | undefined,
  problems: ScenarioProblem[],
  warnings: LoaderWarnings,
  file: string,
  name?: ParseResult['name'],
): ParseResult {
  if (problems.length > MAX_PROBLEMS_PER_FILE) {
    const kept = problems.slice(0, MAX_PROBLEMS_PER_FILE);
    const last = kept[kept.length - 1]!;
    kept.push({
      file,
      line: last.line,
      col: last.col,
      message: `... and ${problems.length - MAX_PROBLEMS_PER_FILE} more problems in this file`,
    });
    return { scenario: undefined, problems: kept, warnings: warnings.list(), info: warnings.infoList(), ...(name && { name }) };
  }
  return { scenario, problems, warnings: warnings.list(), info: warnings.infoList(), ...(name && { name }) };
}

/** The sections in the order their problems are reported: tools first, since calls and the warrant read them. */
function buildScenario(cursor: ScenarioCursor): Scenario | undefined {
  const table = new ScenarioToolTable(cursor);
  const name = cursor.str('name');
  const nameEntry = cursor.entry(cursor.root, 'name');
  const tools = readTools(cursor, table);
  const environment = readEnvironment(cursor);
  const agents = readAgents(cursor, table);
  const calls = readCalls(cursor, table, callAgents(agents));
  const judge = readJudge(cursor);
  // With agents: each agent's grant is its own and `warrant` stays empty (model/scenario.ts).
  const warrant = agents.declared ? agents.topology && { grants: {}, sources: {} } : readWarrant(cursor, table);
  if (name === undefined || environment === undefined || calls === undefined || judge === undefined || warrant === undefined) {
    return undefined;
  }
  const warrantEntry = cursor.entry(cursor.root, agents.declared ? 'agents' : 'warrant');
  const suite = cursor.str('suite');
  const suiteEntry = cursor.entry(cursor.root, 'suite');
  return {
    name,
    description: cursor.str('description') ?? '',
    request: cursor.str('request') ?? '',
    ...(suite !== undefined && { suite }),
    ...(suite !== undefined && suiteEntry !== undefined && { suiteSource: cursor.pos(suiteEntry.keySpan.start) }),
    file: cursor.pos(0).file,
    source: cursor.pos(nameEntry!.keySpan.start),
    environment,
    tools,
    calls: calls.calls,
    ...(calls.steps.length > 0 && { steps: calls.steps }),
    judge,
    warrant: warrant.grants,
    warrantSource: cursor.pos(warrantEntry!.keySpan.start),
    grantSources: warrant.sources,
    ...('origin' in warrant && warrant.origin && { warrantFrom: warrant.origin }),
    ...('rules' in warrant && warrant.rules && { grantRules: warrant.rules }),
    ...(agents.topology && { agents: agents.topology }),
    ...(table.fromPath !== undefined && { toolsFrom: table.fromPath }),
    ...(cursor.entry(cursor.root, 'cwd') !== undefined && { cwd: table.cwd() }),
  };
}

/** Who may make a call: the declared agents (the default only when the topology was read), else planner and worker. */
function callAgents(agents: AgentsRead): CallAgents | undefined {
  if (!agents.declared) return { names: agentNames(undefined), fallback: defaultAgent(undefined), leaves: [IMPLICIT_WORKER] };
  if (agents.names.length === 0) return undefined;
  if (agents.topology === undefined) return { names: agents.names, fallback: null, leaves: [] };
  return { names: agents.names, fallback: defaultAgent(agents.topology), leaves: leavesOf(agents.topology) };
}

function chainProblemPath(site: ChainProblemSite): PathSegment[] {
  if (site.kind === 'agent')
    return [
      'agents',
      site.agent,
      'grant',
      ...(site.tool !== undefined ? [site.tool] : []),
      ...(site.param !== undefined ? [site.param] : []),
    ];
  if (site.kind === 'grant') return site.param === undefined ? ['warrant', site.tool] : ['warrant', site.tool, site.param];
  return [site.kind];
}

/** Where a chain refusal points: the key it names, or the nearest one the file has. */
function chainProblemOffset(root: PMap, site: ChainProblemSite): number {
  const key = (m: PNode | undefined, k: string): PEntry | undefined => (m?.kind === 'map' ? m.entries.find((e) => e.key === k) : undefined);
  if (site.kind === 'agent') {
    const agent = key(key(root, 'agents')?.value, site.agent);
    const grants = key(agent?.value, 'grant');
    const tool = site.tool === undefined ? undefined : key(grants?.value, site.tool);
    const param = site.param === undefined ? undefined : key(tool?.value, site.param);
    return (param ?? tool ?? grants ?? agent)?.keySpan.start ?? root.span.start;
  }
  const top = key(root, site.kind === 'tools' ? 'tools' : 'warrant');
  if (site.kind !== 'grant') return (top ?? key(root, 'name'))?.keySpan.start ?? root.span.start;
  const grant = key(top?.value, site.tool);
  const param = site.param === undefined ? undefined : key(grant?.value, site.param);
  return (param ?? grant ?? top)?.keySpan.start ?? root.span.start;
}
