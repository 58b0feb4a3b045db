/** The shapes an imported tool list and the scenario's overrides of it share (tools-list.ts, param-kinds.ts). */
import type { ParamKind } from '../../model/scenario.js';

/** Tool → parameter → the kind the scenario gives it instead of the inferred one. */
export type KindOverrides = Readonly<Record<string, Readonly<Record<string, ParamKind>>>>;

/** Tool → the text a call returns (`tools: {from: PATH, returns: …}`). */
export type ReturnsOverrides = Readonly<Record<string, string>>;

export interface ToolsProblem {
  readonly message: string;
  /** Set for a syntax error: its line and column in the file. */
  readonly position?: { readonly line: number; readonly col: number };
  /**
   * Set when the problem is an entry of the scenario's `kinds:` or `returns:` (placed there, not
   * at `from:`).
   */
  readonly override?: { readonly key: 'kinds' | 'returns'; readonly tool: string; readonly param?: string };
}
