/**
 * The size ladder of the markdown report: when a size limit is given (a PR comment holds 65,536
 * characters, a job summary 1 MiB) the report drops detail a level at a time (call logs of passing
 * scenarios, then all call logs, then the per-scenario table) and, when even the least detailed
 * level is too long, cuts it at a line boundary. The hidden marker stays on the first line at
 * every level, so the sticky comment is still found next time, and a note says what was left out
 * and links to the run for the full report. markdown.ts decides what each level shows.
 */
import { safeUrl } from './escape.js';

/** Levels of detail, most detailed first. */
export const enum Level {
  Full = 0,
  FailingLogsOnly = 1,
  NoLogs = 2,
  NoScenarioTable = 3,
}

const LEVELS = [Level.Full, Level.FailingLogsOnly, Level.NoLogs, Level.NoScenarioTable] as const;

/**
 * The most detailed level of the report that fits `limit` (every level when there is no limit),
 * else the least detailed one cut to fit (hardCut). `renderAt` is called once per level tried.
 */
export function fitToLimit(
  renderAt: (level: Level) => string,
  limit: number | undefined,
  marker: string,
  runUrl: string | undefined,
): string {
  for (const level of LEVELS) {
    const text = renderAt(level);
    if (limit === undefined || text.length <= limit) return text;
  }
  return hardCut(renderAt(Level.NoScenarioTable), marker, runUrl, limit ?? Infinity);
}

/** What a level left out, and where the full report is; empty at the full level. */
export function omittedNote(level: Level, runUrl: string | undefined): string {
  if (level === Level.Full) return '';
  const what =
    level === Level.FailingLogsOnly
      ? 'Call logs of passing scenarios were left out'
      : level === Level.NoLogs
        ? 'Call logs were left out'
        : 'Per-scenario results and call logs were left out';
  const where = runUrl ? `: the [full report](${safeUrl(runUrl)}) is in the run's job summary` : '';
  return `_${what} to fit the size limit${where}._`;
}

/** Last resort: cut at a line boundary, close an open fence or <details>, and say so. */
export function hardCut(text: string, marker: string, runUrl: string | undefined, limit: number): string {
  const note = `\n\n_Report cut to fit the size limit${
    runUrl ? `: the [full report](${safeUrl(runUrl)}) is in the run's job summary` : ''
  }._\n`;
  const closers = '\n```\n</details>\n';
  const budget = limit - note.length - closers.length;
  if (budget <= marker.length) return `${marker}\n`.slice(0, Math.max(0, limit));
  let cut = text.slice(0, budget);
  const nl = cut.lastIndexOf('\n');
  if (nl > marker.length) cut = cut.slice(0, nl);
  const fences = (cut.match(/^```/gm) ?? []).length;
  if (fences % 2 === 1) cut += '\n```';
  const opened = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
  if (opened > 0) cut += '\n</details>';
  return cut + note;
}
