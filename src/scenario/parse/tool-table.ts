/**
 * The scenario's tools as the sections see them: those it declares (tools-section.ts), read from a
 * tools/list (tools-from-file.ts) or Claude Code's that join it when a call or grant names one,
 * beside the built-ins (world/tools.ts). The calls and the warrant read signatures from here, after
 * the tools section has filled it.
 */
import { posix } from 'node:path';
import type { CustomTool } from '../../model/scenario.js';
import { claudeCodeTool, DEFAULT_CWD, isClaudeCodeTool } from '../../world/claude-code.js';
import { authorizedParams } from '../../world/claude-hook.js';
import { BUILTIN_TOOL_NAMES, signatureOf, type ToolSignature } from '../../world/tools.js';
import { hint } from '../suggest.js';
import type { ScenarioCursor } from './cursor.js';

export class ScenarioToolTable {
  /** By name: the tools the scenario declares or reads, and Claude Code's it names. */
  readonly custom: Record<string, CustomTool> = Object.create(null) as Record<string, CustomTool>;
  /** `tools: {from: PATH}` could not be read: its tools are unknown, and their calls and grants not reported again. */
  fromFailed = false;
  /** `tools: {from: PATH}`: PATH as written, kept on the scenario. */
  fromPath: string | undefined;

  constructor(private readonly cursor: ScenarioCursor) {}

  /** The tool's own definition when the scenario has one (not a built-in). */
  definition(tool: string): CustomTool | undefined {
    return Object.prototype.hasOwnProperty.call(this.custom, tool) ? this.custom[tool] : undefined;
  }

  signature(tool: string): ToolSignature | undefined {
    // Claude Code's tools join the scenario when it names one it does not declare itself.
    if (isClaudeCodeTool(tool) && !Object.prototype.hasOwnProperty.call(this.custom, tool)) {
      this.custom[tool] = claudeCodeTool(tool, this.cwd());
    }
    return signatureOf(tool, this.custom);
  }

  /** `cwd:`: the agent's working directory (absolute; the schema checks it), default /workspace. */
  cwd(): string {
    const node = this.cursor.entry(this.cursor.root, 'cwd')?.value;
    const raw = node?.kind === 'scalar' && typeof node.value === 'string' && node.value.startsWith('/') ? node.value : DEFAULT_CWD;
    return posix.normalize(raw);
  }

  unknownTool(tool: string): string {
    const known = [...BUILTIN_TOOL_NAMES, ...Object.keys(this.custom)];
    return `unknown tool '${tool}'${hint(tool, known)} (built-in tools: ${BUILTIN_TOOL_NAMES.join(', ')}; declare others under tools:)`;
  }

  /** Whether the scenario declares `tool` itself under `tools:` (not a built-in, a Claude Code tool or one read with from:). */
  declaredInline(tool: string): boolean {
    const node = this.cursor.entry(this.cursor.root, 'tools')?.value;
    return node?.kind === 'map' && this.cursor.entry(node, 'from') === undefined && this.cursor.entry(node, tool) !== undefined;
  }

  /** The fields a tool's McpConfig extracts (what its grant names), or undefined for another binding. */
  extractedFields(tool: string): readonly string[] | undefined {
    const def = Object.prototype.hasOwnProperty.call(this.custom, tool) ? this.custom[tool]! : undefined;
    return def?.binding === 'mcp-config' && def.mcpConfig !== undefined ? Object.keys(def.mcpConfig.rules ?? {}) : undefined;
  }

  /** A tool's parameters as a grant names them: with `host` where Tenuo's Claude Code hook signs one. */
  authorizedParamsOf(tool: string): readonly string[] | undefined {
    const sig = this.signature(tool);
    return sig !== undefined && Object.prototype.hasOwnProperty.call(this.custom, tool)
      ? authorizedParams(this.custom[tool]!)
      : sig?.params;
  }
}

/** `; TOOL takes A, B` (after an unknown parameter's message). */
export function paramsList(tool: string, signature: ToolSignature): string {
  return signature.params.length === 0 ? `; ${tool} takes no parameters` : `; ${tool} takes ${signature.params.join(', ')}`;
}
