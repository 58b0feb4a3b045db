/**
 * A parameter's kind, and the canonical form of a value of that kind: what the environment really
 * did with it (docs/analyses.md). The canonical forms come from the environment's own parsers
 * (src/world/), so the probes and the environment can never disagree on what a value means.
 */
import { resolvePath } from '../../world/fs.js';
import { mailboxesOf } from '../../world/address.js';
import { resolveHttpTarget } from '../../world/http.js';
import { parseShell } from '../../world/shell.js';
import type { Scenario } from '../../model/scenario.js';
import { BUILTIN_TOOLS, isBuiltinTool } from '../../world/tools.js';
import type { Effect } from '../../world/effects.js';
import type { Value } from '../../warrant/constraint-value.js';
import { readNumber } from '../../world/canonical.js';
import type { ParamKind } from './types.js';

/** What kind of value a parameter is: the built-ins' from their table, a custom tool's as declared. */
export function paramKind(scenario: Scenario, tool: string, param: string): ParamKind {
  // The scenario's own tool first: one of a built-in's name replaces it (docs/scenarios.md).
  const kinds = Object.prototype.hasOwnProperty.call(scenario.tools, tool)
    ? scenario.tools[tool]!.kinds
    : isBuiltinTool(tool)
      ? BUILTIN_TOOLS[tool]!.kinds
      : undefined;
  return (kinds !== undefined && Object.prototype.hasOwnProperty.call(kinds, param) ? kinds[param] : undefined) ?? 'text';
}

/**
 * One value the constraint is checked against in canonical form, with a short text of what it
 * means for the sentence in the report.
 */
export interface CanonicalValue {
  readonly value: Value;
  readonly shown: string;
}

/**
 * The canonical values of `value` (several when one argument has several real effects: each
 * program a command line starts, each mailbox of a string), or [] when nothing would happen.
 * `effect` is what the environment recorded for the call, when the tool is a built-in.
 */
export function canonicalValues(kind: ParamKind, value: Value, effect: Effect | undefined): CanonicalValue[] {
  switch (kind) {
    case 'path': {
      // A NUL never reaches the file system (the C string ends there; real tools refuse it).
      if (typeof value !== 'string' || value.includes('\0')) return [];
      const path = effect && 'path' in effect ? effect.path : effect && 'directory' in effect ? effect.directory : resolvePath(value);
      return [{ value: path, shown: path }];
    }
    case 'shell': {
      if (typeof value !== 'string') return [];
      // The programs the environment recorded, read in the tool's own shell (bash for Claude
      // Code's Bash); a custom tool's line is read as POSIX sh, as the environment reads it.
      const programs = effect?.type === 'command_run' ? effect.programs.map((argv) => ({ argv })) : parseShell(value).programs;
      return programs.map((p) => {
        const line = p.argv.join(' ');
        return { value: line, shown: `runs ${JSON.stringify(p.argv)}` };
      });
    }
    case 'url': {
      if (typeof value !== 'string') return [];
      const t = resolveHttpTarget(value);
      return t.ok ? [{ value: t.url, shown: `connects to ${t.host}:${t.port} (${t.target})` }] : [];
    }
    case 'email_list': {
      // A list stays a list (the constraint was written for a list); a bare string is one recipient.
      if (typeof value === 'string') return mailboxesOf(value).map((m) => ({ value: m, shown: `delivers to ${m}` }));
      if (!Array.isArray(value) || !value.every((r): r is string => typeof r === 'string')) return [];
      const boxes = value.flatMap((r) => mailboxesOf(r));
      return boxes.length === 0 ? [] : [{ value: boxes, shown: `delivers to ${boxes.join(', ')}` }];
    }
    case 'number': {
      const n = effect && effect.type === 'transfer_made' ? effect.amount : readNumber(value);
      return n === undefined || !Number.isFinite(n) ? [] : [{ value: n, shown: `uses the number ${n}` }];
    }
    case 'text':
      return [{ value, shown: 'uses the value as given' }];
  }
}
