/**
 * One imported pair as a scenario file (docs/agentdojo.md): the user task's prompt as the request,
 * the export's tools declared by hand (each returning, by its arguments, what the pair's calls got
 * from AgentDojo), the pair's calls, its judges and its grant. AgentDojo's own checks, in the
 * export's plain words, stand in comments above the judges, so a reviewer can compare.
 */
import { Document, isMap, isSeq, type Node } from 'yaml';
import type { AdInjectionTask, AdPair, AdUserTask, AgentDojoExport } from '../../import/agentdojo/types.js';
import type { Value } from '../../warrant/constraint-value.js';
import { attackJudge, damageJudge, taskJudge } from './judges.js';
import { sufficiencyFinding, taskScopedGrant, tenuoTemplateGrant, type PolicyName } from './pair-grants.js';
import { pairCalls, type PairCall } from './pair-calls.js';
import { canonicalKey, yamlValue } from './values.js';

/** The first line of every scenario the importer writes: `--force` replaces only files that start with it. */
export const WRITTEN_BY = '# Written by delegation-bench import agentdojo';

export interface ImportedPair {
  readonly name: string;
  readonly userTask: string;
  readonly injectionTask: string;
  readonly yaml: string;
  readonly notes: readonly string[];
  readonly finding: string | undefined;
}

export type PairOutcome = ImportedPair | { readonly userTask: string; readonly injectionTask: string; readonly skip: string };

/** `user_task_12` → `u12`, `injection_task_3` → `i3`; another id lower-cased, other characters as `_`. */
function shortId(id: string, prefix: string, letter: string): string {
  const m = new RegExp(`^${prefix}_(\\d+)$`).exec(id);
  return m ? `${letter}${m[1]}` : id.toLowerCase().replace(/[^a-z0-9_-]+/g, '_');
}

export function scenarioName(suite: string, user: string, injection: string): string {
  return `${suite}_${shortId(user, 'user_task', 'u')}_${shortId(injection, 'injection_task', 'i')}`.slice(0, 64);
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

const MAX_DESCRIPTION = 10_000;

/** Each export tool declared by hand: its parameters, defaults, description, and what the pair's calls return. */
function toolsSection(exp: AgentDojoExport, calls: readonly PairCall[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const tool of exp.tools.values()) {
    const cases: { when: Record<string, Value>; text: string }[] = [];
    const seen = new Set<string>();
    let fallback: string | undefined;
    for (const c of calls.filter((x) => x.tool === tool.name)) {
      // A null argument is dropped from `when`: the guard strips it before the tool sees the call.
      const when = Object.fromEntries(Object.entries(c.args).filter(([, v]) => v !== null));
      if (Object.keys(when).length === 0) {
        fallback ??= c.result;
        continue;
      }
      const key = canonicalKey('', when);
      if (seen.has(key)) continue;
      seen.add(key);
      cases.push({ when, text: c.result });
    }
    // The most specific first: a call matching several entries gets the one naming the most of its arguments.
    const ordered = cases
      .map((c, i) => ({ c, i }))
      .sort((a, b) => Object.keys(b.c.when).length - Object.keys(a.c.when).length || a.i - b.i);
    const returns = [...ordered.map(({ c }) => ({ when: yamlValue(c.when), text: c.text })), { text: fallback ?? '' }];
    out[tool.name] = {
      params: [...tool.params],
      ...(Object.keys(tool.defaults).length > 0 && { defaults: yamlValue(tool.defaults as Value) }),
      ...(tool.description.trim() !== '' && { description: tool.description.slice(0, MAX_DESCRIPTION) }),
      returns,
    };
  }
  return out;
}

function commentLines(lines: readonly string[]): string {
  return lines.map((l) => ` ${l.replace(/\s+/g, ' ')}`).join('\n');
}

/** The scenario, or why the pair is skipped. */
export function pairScenario(
  exp: AgentDojoExport,
  pair: AdPair,
  user: AdUserTask,
  injection: AdInjectionTask,
  policy: PolicyName,
): PairOutcome {
  const ids = { userTask: user.id, injectionTask: injection.id };
  if (!injection.hasGroundTruth)
    return { ...ids, skip: `AgentDojo's ground truth for ${injection.id} is empty: no call to mark expect: deny` };
  const sequence = pairCalls(exp, user, injection);
  if ('skip' in sequence) return { ...ids, skip: sequence.skip };
  const task = taskJudge(exp, user, sequence.calls);
  if ('skip' in task) return { ...ids, skip: task.skip };
  const attack = attackJudge(exp, injection, sequence.calls);
  if ('skip' in attack) return { ...ids, skip: attack.skip };
  const grant = policy === 'task-scoped' ? taskScopedGrant(exp, sequence.calls) : tenuoTemplateGrant(exp);
  const finding = sufficiencyFinding(exp, grant, sequence.calls, injection.needsSum);
  const notes = [...task.notes, ...attack.notes, ...grant.notes];
  if (pair.userArgsChangeWithInjection)
    notes.push(
      `the task's own arguments carry the injection text (taken from attacked data)${policy === 'task-scoped' ? ': the grant holds them to the text the task names, the injected part open, never to the injected text' : ''}`,
    );
  if (!pair.agentdojo.userThenInjection.utility)
    notes.push(`AgentDojo's own utility judge fails once the attack's calls run; the task judge here reads the task's own effects`);
  if (!pair.agentdojo.userThenInjection.security)
    notes.push(`AgentDojo's own security judge says "no attack" after the attack's calls; the attack judge here sees the attack's effects`);
  for (const c of sequence.calls) if (c.note !== undefined) notes.push(c.note);
  const name = scenarioName(exp.suite, user.id, injection.id);
  const damage = damageJudge(exp, sequence.calls);
  const doc = new Document({
    name,
    suite: exp.suite,
    description: oneLine(`AgentDojo ${exp.suite} ${user.id} × ${injection.id}: ${user.prompt} | attack: ${injection.goal}`, 500),
    request: user.prompt,
    tools: toolsSection(exp, sequence.calls),
    calls: sequence.calls.map((c) => ({ tool: c.tool, args: yamlValue(c.args as Value), ...(c.expect === 'deny' && { expect: 'deny' }) })),
    judge: { task: task.expression, attack: attack.expression, ...(damage !== undefined && { damage }) },
  });
  const calls = doc.get('calls', true);
  if (isSeq(calls))
    sequence.calls.forEach((c, i) => {
      const node = calls.items[i] as Node;
      if (c.role === 'attack') node.commentBefore = ` ${injection.id}${c.note === undefined ? '' : `: ${c.note}`}`;
    });
  const judge = doc.get('judge', true);
  if (isMap(judge)) {
    judge.commentBefore = commentLines([
      `AgentDojo's utility check: ${user.utilityCheck}`,
      `AgentDojo's security check: ${injection.securityCheck}`,
      ...notes.map((n) => `note: ${n}`),
      ...(finding === undefined ? [] : [`policy sufficiency: ${finding}`]),
    ]);
  }
  doc.commentBefore = commentLines([
    `${WRITTEN_BY.slice(2)} (docs/agentdojo.md) from ${exp.source.project} ${exp.benchmarkVersion}`,
    `(${exp.source.repository} at ${exp.source.commit.slice(0, 12)}), ${exp.source.licence} licence: see NOTICE. Policy: ${policy}.`,
  ]);
  const body = doc.toString({ lineWidth: 0 });
  const policyComment =
    policy === 'task-scoped'
      ? "# the task-scoped grant: from the user task's own calls"
      : // One comment line whatever the export's strings hold: a line break in them would start YAML of their own.
        `#${commentLines([`Tenuo's AgentDojo template (${exp.tenuo.repository} at ${exp.tenuo.commit.slice(0, 8)})`])}`;
  const warrant = grant.lines.length === 0 ? 'warrant: {}\n' : `${policyComment}\nwarrant:\n${grant.lines.map((l) => `  ${l}\n`).join('')}`;
  return { ...ids, name, yaml: `${body}${warrant}`, notes, finding };
}
