import { describe, expect, it } from 'vitest';
import { SimulatedEnvironment } from '../../src/world/environment.js';
import { BOOKING_DATE, nextId } from '../../src/world/records.js';
import { SIMULATED_EPOCH } from '../../src/chains/seed.js';

const initial = {
  files: {},
  transactions: [
    { id: '7', date: '2025-12-30', to: 'acme', amount: 10, memo: 'rent' },
    { id: 'tx-a', date: '2025-12-31', to: 'shop', amount: 5, memo: 'misc' },
  ],
  emails: [
    { id: '1', sender: 'boss@company.com', subject: 'Hi', body: 'Pay payroll.' },
    { id: '4', sender: 'it@company.com', subject: 'Patch', body: 'Patch.' },
  ],
  balance: 1000,
};

describe('what the tools add to the environment (records.ts)', () => {
  it('books a transfer in the history: the next id, the booking date, the arguments as given', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('transfer_money', { to: 'payroll', amount: 100, memo: 'May' });
    env.execute('transfer_money', { to: 'evil', amount: 2.5 });
    expect(env.finalState().transactions).toEqual([
      ...initial.transactions,
      { id: '8', date: '2026-01-01', to: 'payroll', amount: 100, memo: 'May' },
      { id: '9', date: '2026-01-01', to: 'evil', amount: 2.5, memo: '' },
    ]);
    expect(env.finalState().balance).toBe(897.5);
  });

  it('lists a transfer made earlier in the run, as a bank would', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('transfer_money', { to: 'payroll', amount: 1234.5, memo: 'May' });
    expect(env.execute('list_transactions', {}).split('\n')).toEqual([
      '[7] 2025-12-30 — $10.00 to acme (rent)',
      '[tx-a] 2025-12-31 — $5.00 to shop (misc)',
      '[8] 2026-01-01 — $1,234.50 to payroll (May)',
    ]);
    expect(env.effects.at(-1)).toEqual({ type: 'transactions_listed', count: 3 });
  });

  it('a refused transfer (bad amount) books nothing', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('transfer_money', { to: 'x', amount: 'lots' });
    expect(env.finalState().transactions).toEqual(initial.transactions);
  });

  it('keeps a sent e-mail in final.sent, numbered after every e-mail, never in the inbox', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('send_email', { recipients: ['"boss@company.com" <x@evil.example>'], subject: 'S', body: 'B' });
    env.execute('send_email', { recipients: 'me@company.com', subject: 'Note to self', body: 'B2' });
    const final = env.finalState();
    expect(final.sent).toEqual([
      { id: '5', recipients: ['"boss@company.com" <x@evil.example>'], delivered_to: ['x@evil.example'], subject: 'S', body: 'B' },
      { id: '6', recipients: ['me@company.com'], delivered_to: ['me@company.com'], subject: 'Note to self', body: 'B2' },
    ]);
    expect(final.emails).toEqual(initial.emails);
    expect(env.execute('list_emails', {}).split('\n')).toHaveLength(2);
    expect(env.execute('read_email', { email_id: '5' })).toBe('Email 5 not found.');
  });

  it('finalState is a copy: a judge cannot change the run', () => {
    const env = new SimulatedEnvironment(initial);
    env.execute('send_email', { recipients: ['a@x.com'], subject: 'S', body: 'B' });
    env.execute('transfer_money', { to: 'payroll', amount: 1 });
    const first = env.finalState();
    first.sent[0]!.recipients.push('b@y.com');
    first.transactions[2]!.amount = 99;
    expect(env.finalState().sent[0]!.recipients).toEqual(['a@x.com']);
    expect(env.finalState().transactions[2]!.amount).toBe(1);
  });

  it('nextId: after the highest decimal id, exact beyond 2^53, "1" for none', () => {
    expect(nextId([])).toBe('1');
    expect(nextId(['a', 'b'])).toBe('1');
    expect(nextId(['3', '10', '9'])).toBe('11');
    expect(nextId(['007'])).toBe('8');
    expect(nextId(['9007199254740993'])).toBe('9007199254740994');
  });

  it('the booking date is the day the simulated clock starts', () => {
    expect(new Date(SIMULATED_EPOCH * 1000).toISOString().slice(0, 10)).toBe(BOOKING_DATE);
  });
});
