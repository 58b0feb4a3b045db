/**
 * Where an annotation goes: a `FILE:LINE:COL` read back from a results file's `source`, and a path
 * made relative to the repository root, as GitHub wants it.
 */
import { isAbsolute, relative, sep } from 'node:path';
import type { ScenarioProblem } from '../scenario/errors.js';
import type { ActionContext } from './event-context.js';
import type { Runner } from './runner.js';

/** FILE:LINE:COL, read from the right so that a file name with ':' (C:\…) survives. */
export function parseSource(source: string): { file: string; line: number; col: number } | undefined {
  const m = /^(.+):(\d+):(\d+)$/.exec(source);
  if (!m || !m[1]) return undefined;
  return { file: m[1], line: Number(m[2]), col: Number(m[3]) };
}

/** A scenario file's problem as an error annotation at its place. */
export function annotateProblem(runner: Runner, ctx: Pick<ActionContext, 'workspace'>, problem: ScenarioProblem): void {
  const file = annotationPath(ctx, problem.file);
  runner.error(problem.message, problem.line > 0 ? { file, line: problem.line, col: problem.col } : { file });
}

/** Annotations want paths relative to the repository root; a path outside it stays as it is. */
export function annotationPath(ctx: Pick<ActionContext, 'workspace'>, file: string): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(ctx.workspace, file);
  return rel.startsWith('..') || isAbsolute(rel) ? file : rel.split(sep).join('/');
}
