/**
 * An MCP server's tools as a scenario's custom tools (`tools: {from: PATH}`).
 *
 * The file holds a `tools/list` result (`{"tools": [{name, description, inputSchema}]}`), or the
 * JSON-RPC response that carried it. The result is checked with the MCP SDK's own schema
 * (ListToolsResultSchema); then each tool becomes a signature: its parameters are the input
 * schema's properties, in the order the server lists them; those in `required` are required; the
 * others are optional, with the property's `default`, or `null` when it has none (a Python tool's
 * `param=None`, as the guard binds a call that leaves one out). Each parameter's kind (how the
 * environment reads the argument) is inferred from its schema, its name and its description, and
 * the scenario may override it (`kinds:`): param-kinds.ts.
 *
 * What a signature cannot say is refused, never dropped: a schema that takes arguments it does not
 * name, a type outside JSON Schema's, a parameter both required and defaulted, a name the
 * scenario language cannot use, a tool listed twice, a page of a paginated list.
 *
 * LLM mode offers each tool to the model as the server describes it: its description and each
 * parameter's schema, restricted to a fixed set of keywords (tool-reader.ts: OFFERED_KEYWORDS and the subschema
 * keywords) and bounded in length and depth. Past a bound the file is refused, never cut.
 */
import { JSONRPCErrorResponseSchema, JSONRPCResultResponseSchema, ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CustomTool, ToolHints } from '../../model/scenario.js';
import { ArtifactFileError, readArtifactFile } from '../file.js';
import { dollarPath, lineCol, parseJson, scanJsonText, type JsonPathSegment } from '../json-text.js';
import { TokenImportError } from '../token.js';
import { applyOverrides, describeTool } from './param-kinds.js';
import { ToolReader } from './tool-reader.js';
import type { KindOverrides, ReturnsOverrides, ToolsProblem } from './types.js';

/** Far above a real server's tool list (the file is read whole). */
export const MAX_TOOLS_FILE_BYTES = 1024 * 1024;

export interface ImportedTools {
  /** In the order the file lists them. */
  readonly tools: Readonly<Record<string, CustomTool>>;
  /** One line per tool, as `validate` prints it: `deploy(target: url, dry_run?=false: text)`. */
  readonly summary: readonly string[];
}

export type ToolsFromResult = ({ readonly ok: true } & ImportedTools) | { readonly ok: false; readonly problems: readonly ToolsProblem[] };

export interface ToolsFromContext {
  /** The scenario file, absolute: PATH is relative to its folder. */
  readonly scenarioAbs: string;
  /** The workspace the file must stay in (the action), or undefined (the CLI). */
  readonly confine?: string;
  /** Reads PATH instead of the file system (the baseline: the file at a git ref). */
  readonly readFile?: (from: string) => string;
  readonly kinds?: KindOverrides;
  readonly returns?: ReturnsOverrides;
}

/** `tools: {from: PATH, kinds: …}` → the custom tools, or every reason they cannot be read. */
export function importToolsFrom(from: string, context: ToolsFromContext): ToolsFromResult {
  let text: string;
  try {
    text = context.readFile
      ? context.readFile(from)
      : readArtifactFile(from, context.scenarioAbs, {
          maxBytes: MAX_TOOLS_FILE_BYTES,
          ...(context.confine !== undefined && { confine: context.confine }),
        });
  } catch (e) {
    if (e instanceof ArtifactFileError || e instanceof TokenImportError)
      return { ok: false, problems: [{ message: `'${from}': ${e.message}` }] };
    throw e;
  }
  const r = readToolsList(text, context.kinds ?? {}, context.returns ?? {});
  if (!r.ok)
    return {
      ok: false,
      problems: r.problems.map((p) =>
        p.override ? p : { message: `'${from}'${p.position ? `:${p.position.line}:${p.position.col}` : ''}: ${p.message}` },
      ),
    };
  return r;
}

/** A tools/list result's text → the tools, with `kinds` and `returns` applied; pure (the tests feed it text). */
export function readToolsList(text: string, kinds: KindOverrides, returns: ReturnsOverrides = {}): ToolsFromResult {
  // A byte-order mark is no part of the JSON; the file reader drops it, a file read at a git ref may keep it.
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const parsedJson = parseJson(text);
  if ('offset' in parsedJson)
    return { ok: false, problems: [{ message: `not JSON: ${parsedJson.message}`, position: lineCol(text, parsedJson.offset) }] };
  const json = parsedJson.value;
  const facts = scanJsonText(text);
  const problems: ToolsProblem[] = facts.duplicates.map((d) => ({
    message: `${dollarPath(d.path)}: key '${d.key}' appears twice (JSON.parse would keep only the last)`,
  }));
  const unwrapped = unwrapJsonRpc(json);
  if ('problem' in unwrapped) return fail(unwrapped.problem);
  const parsed = ListToolsResultSchema.safeParse(unwrapped.result);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push({
        message: `${dollarPath([...unwrapped.at, ...(issue.path as JsonPathSegment[])])}: not a tools/list result: ${issue.message}`,
      });
    }
    return { ok: false, problems };
  }
  if (parsed.data.nextCursor !== undefined) {
    problems.push({
      message: `${dollarPath([...unwrapped.at, 'nextCursor'])}: this is one page of a paginated tools/list; list every page and put all their tools in one result without nextCursor`,
    });
  }
  const tools = Object.create(null) as Record<string, CustomTool>;
  const summary: string[] = [];
  const reader = new ToolReader(facts, problems);
  const seen = new Set<string>();
  parsed.data.tools.forEach((tool, i) => {
    const def = reader.tool(tool, [...unwrapped.at, 'tools', i], seen.has(tool.name));
    seen.add(tool.name);
    if (def !== undefined) tools[tool.name] = withHints(def, tool.annotations);
  });
  problems.push(...applyOverrides(tools, kinds, reader.typesOf));
  problems.push(...applyReturns(tools, returns));
  if (problems.length > 0) return { ok: false, problems };
  for (const [name, def] of Object.entries(tools)) summary.push(describeTool(name, def));
  return { ok: true, tools, summary };
}

/**
 * The tool with the state hints its entry gives (`annotations.readOnlyHint`, `destructiveHint`,
 * already checked as booleans by the SDK's schema); the other annotations say nothing about state.
 */
function withHints(
  def: CustomTool,
  annotations: { readonly readOnlyHint?: boolean | undefined; readonly destructiveHint?: boolean | undefined } | undefined,
): CustomTool {
  const hints: ToolHints = {
    ...(annotations?.readOnlyHint !== undefined && { readOnlyHint: annotations.readOnlyHint }),
    ...(annotations?.destructiveHint !== undefined && { destructiveHint: annotations.destructiveHint }),
  };
  return Object.keys(hints).length === 0 ? def : { ...def, annotations: hints };
}

function fail(message: string): { ok: false; problems: ToolsProblem[] } {
  return { ok: false, problems: [{ message }] };
}

/** The result inside a JSON-RPC response, or the document itself. */
function unwrapJsonRpc(json: unknown): { result: unknown; at: JsonPathSegment[] } | { problem: string } {
  if (typeof json !== 'object' || json === null || !('jsonrpc' in json)) return { result: json, at: [] };
  const error = JSONRPCErrorResponseSchema.safeParse(json);
  if (error.success)
    return { problem: `a JSON-RPC error response (${error.data.error.code}: ${error.data.error.message}), not a tools/list result` };
  const ok = JSONRPCResultResponseSchema.safeParse(json);
  if (!ok.success)
    return {
      problem: `a JSON-RPC message that is not a response with a result: ${ok.error.issues.map((i) => `${dollarPath(i.path as JsonPathSegment[])}: ${i.message}`).join('; ')}`,
    };
  return { result: ok.data.result, at: ['result'] };
}

/** `returns:` beside `from:`: each named tool's text; a tool the file does not list is a mistake. */
function applyReturns(tools: Record<string, CustomTool>, returns: ReturnsOverrides): ToolsProblem[] {
  const problems: ToolsProblem[] = [];
  for (const [tool, text] of Object.entries(returns)) {
    const def = Object.prototype.hasOwnProperty.call(tools, tool) ? tools[tool] : undefined;
    if (def === undefined)
      problems.push({
        message: `the file has no tool '${tool}' (it has ${Object.keys(tools).join(', ') || 'none'})`,
        override: { key: 'returns', tool },
      });
    else tools[tool] = { ...def, returns: text };
  }
  return problems;
}
