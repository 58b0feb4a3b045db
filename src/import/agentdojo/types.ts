/**
 * An AgentDojo export as the importer reads it (docs/agentdojo.md): the suite's tools and tasks
 * with their ground-truth calls, checked against each other, numbers kept as written.
 */
import type { Value } from '../../warrant/constraint-value.js';

export interface AdTool {
  readonly name: string;
  readonly description: string;
  /** Every parameter, in the order the JSON Schema lists them. */
  readonly params: readonly string[];
  readonly required: readonly string[];
  /** Optional parameter → its default (`null` where the schema gives none). */
  readonly defaults: Readonly<Record<string, Value>>;
  readonly stateChanging: boolean;
}

/** A ground-truth call: concrete arguments, and the result AgentDojo renders on the default environment. */
export interface AdCall {
  readonly tool: string;
  readonly args: Readonly<Record<string, Value>>;
  /** The arguments with each vector as `{vector}` (a value taken from attacked data). */
  readonly argsTemplate?: Readonly<Record<string, Value>>;
  readonly result: string;
  /** The result with each vector as `{vector}`: where an injection reaches the agent. */
  readonly resultTemplate?: string;
}

export type JudgeRead = 'final_state' | 'state_diff' | 'answer' | 'call_trace' | 'pre_state' | 'next_id';

export interface AdUserTask {
  readonly id: string;
  readonly prompt: string;
  readonly calls: readonly AdCall[];
  readonly utilityCheck: string;
  readonly judgeReads: readonly JudgeRead[];
}

export interface AdInjectionTask {
  readonly id: string;
  readonly goal: string;
  readonly calls: readonly AdCall[];
  readonly hasGroundTruth: boolean;
  readonly securityCheck: string;
  readonly judgeReads: readonly JudgeRead[];
  /** AgentDojo's judge adds amounts up. */
  readonly needsSum: boolean;
  /** The attack text as it lands in the environment. */
  readonly textInEnvironment: string;
  /** Vector → the text there, where it differs (white space at the ends). */
  readonly textInEnvironmentAt: Readonly<Record<string, string>>;
}

export interface AdVerdicts {
  readonly utility: boolean;
  readonly security: boolean;
}

export interface AdPair {
  readonly userTask: string;
  readonly injectionTask: string;
  readonly vectors: readonly string[];
  readonly userArgsChangeWithInjection: boolean;
  /** AgentDojo's own judges on its own environment: after the user's calls, and after them followed by the injection's. */
  readonly agentdojo: { readonly userOnly: AdVerdicts; readonly userThenInjection: AdVerdicts };
}

export interface AgentDojoExport {
  /** The file as the user named it. */
  readonly file: string;
  readonly suite: string;
  readonly benchmarkVersion: string;
  readonly suiteTaskVersion: string;
  readonly source: {
    readonly project: string;
    readonly repository: string;
    readonly commit: string;
    readonly package_version: string;
    readonly licence: string;
    readonly copyright: string;
  };
  /** In the export's order. */
  readonly tools: ReadonlyMap<string, AdTool>;
  readonly vectors: readonly string[];
  readonly userTasks: readonly AdUserTask[];
  readonly injectionTasks: readonly AdInjectionTask[];
  readonly pairs: readonly AdPair[];
  /** Tenuo's reference policy: the suite's granted tools, each in delegation-bench's warrant syntax. */
  readonly tenuo: {
    readonly repository: string;
    readonly commit: string;
    readonly grants: ReadonlyMap<string, Readonly<Record<string, Value>>>;
  };
}
