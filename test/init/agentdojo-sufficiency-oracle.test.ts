/**
 * The import's policy-sufficiency finding (src/init/agentdojo/pair-grants.ts) decides whether the
 * attack's calls fit the grant but for their amount with the authorizer's own constraint evaluation,
 * so it cannot say a call passes that a run denies: Tenuo's OneOf tells 1 from 1.0 (its derived
 * `PartialEq`; Tenuo's answer c00683: OneOf [1.0] against 1 is denied), and a grant kind the finding
 * reads is evaluated, not taken for an unnamed parameter an open-world grant lets through.
 */
import { describe, expect, it } from 'vitest';
import { readAgentDojoExport } from '../../src/import/agentdojo/read-export.js';
import { pairCalls } from '../../src/init/agentdojo/pair-calls.js';
import { sufficiencyFinding, tenuoTemplateGrant } from '../../src/init/agentdojo/pair-grants.js';
import { Float } from '../../src/lib/float.js';
import { constraintVerdict } from '../../src/warrant/constraints/satisfy.js';
import { exportText, miniExport } from '../helpers/agentdojo-export.js';

const FINDING =
  "send_money.amount is capped at 10000 per call and nothing caps the number of calls: the attack's total of 30000 passes as 3 calls within the cap; a per-call constraint cannot bound a total";

type Json = Record<string, unknown>;

/** The finding for u0 × i0 (three transfers of 10,000) under Tenuo's template, the attack's `subject` and its grant as given. */
function imported(subject: unknown, subjectGrant: unknown, literal: (text: string) => string = (t) => t) {
  const raw = miniExport();
  const injection = (raw['injection_tasks'] as Json[])[0]!;
  for (const call of injection['ground_truth'] as Json[]) (call['args'] as Json)['subject'] = subject;
  const sendMoney = ((raw['tenuo_reference_policy'] as Json)['effective'] as Record<string, Json>)['send_money']!;
  (sendMoney['delegation_bench_grant'] as Json)['subject'] = subjectGrant;
  const exp = readAgentDojoExport(literal(exportText(raw)), 'minibank.json');
  const sequence = pairCalls(exp, exp.userTasks[0]!, exp.injectionTasks[0]!);
  if ('skip' in sequence) throw new Error(sequence.skip);
  const grant = tenuoTemplateGrant(exp);
  return { lines: grant.lines, finding: sufficiencyFinding(exp, grant, sequence.calls, true) };
}

function findingWith(subject: unknown, subjectGrant: unknown, literal?: (text: string) => string): string | undefined {
  return imported(subject, subjectGrant, literal).finding;
}

describe('the sufficiency finding decides per-call fit as the authorizer does', () => {
  it('a one_of holding the float 1.0 does not admit the int 1 (Tenuo c00683), as a run denies it', () => {
    expect(constraintVerdict({ type: 'one_of', values: [new Float(1)] }, 1)).toBe('denied');
    const float = (text: string) => text.replace('"@float-one@"', '1.0');
    const floatGrant = imported(1, { one_of: ['@float-one@'] }, float);
    expect(floatGrant.finding).toBeUndefined();
    // The scenario's grant keeps the float, so the run denies the int as the finding says.
    expect(floatGrant.lines.find((l) => l.startsWith('send_money:'))).toContain('"subject":{"one_of":[1.0]}');
    // The same grant holding the int 1 admits it: the finding stands.
    expect(findingWith(1, { one_of: [1] })).toBe(FINDING);
  });

  it('a CEL or not_one_of grant is evaluated, not taken for an unnamed parameter of an open-world grant', () => {
    expect(findingWith('x', { cel: "value == 'rent'" })).toBeUndefined();
    expect(findingWith('x', { cel: "value == 'x'" })).toBe(FINDING);
    expect(findingWith('x', { not_one_of: ['x'] })).toBeUndefined();
    expect(findingWith('x', { not_one_of: ['rent'] })).toBe(FINDING);
  });

  it('an unnamed parameter passes under _allow_unknown, as the authorizer lets it', () => {
    expect(findingWith('x', undefined)).toBe(FINDING);
  });
});
