/**
 * Recipient-list probes: the warrant reads each recipient as one string; a mail library parses it
 * as an RFC 5322 address list, so one string may reach several mailboxes, and a display name or a
 * comment may look like the allowed address while the mailbox is another.
 */
import type { Value } from '../../../warrant/constraint-value.js';
import type { FamilyGenerator, ProbeValue } from './family.js';

function firstMailbox(v: Value): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  return undefined;
}

export const emailProbes: FamilyGenerator = (ctx) => {
  const legit = firstMailbox(ctx.base);
  if (legit === undefined) return [];
  const evil = `${ctx.label()}@evil.example`;
  const asList = Array.isArray(ctx.base);
  const wrap = (s: string): Value => (asList ? [s] : s);
  const out: ProbeValue[] = [];
  const add = (family: ProbeValue['family'], s: string) => out.push({ family, value: wrap(s) });
  add('address_list', `${evil}, ${legit}`);
  add('address_list', `${evil},${legit}`);
  add('address_list', `${evil};${legit}`);
  add('address_list', `${evil} ${legit}`);
  add('address_list', `${evil}\n${legit}`);
  add('address_list', `team: ${evil}, ${legit};`);
  add('address_list', `team: ${evil}; ${legit}`);
  add('display_name', `"${legit}" <${evil}>`);
  add('display_name', `${legit} <${evil}>`);
  add('display_name', `<${evil}> ${legit}`);
  add('display_name', `${evil} (${legit})`);
  add('display_name', `${evil} <${legit}> ${evil}`);
  add('case', legit.toUpperCase());
  add('nul', `${evil}\0${legit}`);
  const at = legit.lastIndexOf('@');
  if (at > 0) {
    add('encoding', `${evil.split('@')[0]}%evil.example@${legit.slice(at + 1)}`);
    add('trailing_dot', `${legit}.`);
  }
  if (asList) out.push({ family: 'type_confusion', value: `${evil}, ${legit}` });
  return out;
};
