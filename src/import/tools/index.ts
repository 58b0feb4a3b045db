/** An MCP server's tools in (`tools: {from: PATH}`, `init --tools`): reading (tools-list.ts) and parameter kinds (param-kinds.ts). */
export { describeTool, inferKind } from './param-kinds.js';
export { MAX_PARAM_SCHEMA_CHARS, MAX_PARAM_SCHEMA_DEPTH, MAX_TOOL_DESCRIPTION_CHARS } from './tool-reader.js';
export {
  importToolsFrom,
  readToolsList,
  MAX_TOOLS_FILE_BYTES,
  type ImportedTools,
  type ToolsFromContext,
  type ToolsFromResult,
} from './tools-list.js';
export type { KindOverrides, ReturnsOverrides, ToolsProblem } from './types.js';
