/**
 * What the environment's own tools add to its lists (docs/effects.md, "The final state"): a
 * transfer is booked in the transaction history and a sent e-mail is kept in the sent mailbox,
 * as a bank and a mail client do, so `final` and `list_transactions` see them.
 */
import type { Email, Transaction } from '../model/scenario.js';

/**
 * The date a transfer is booked on: the day the run's simulated clock starts (2026-01-01T00:00:00Z,
 * SIMULATED_EPOCH in chains/seed.ts, which this layer cannot import; a test holds them equal). A
 * bank books a transfer on the day it is made; the simulated clock moves one second a call, so
 * that day is this one. Fixed, not read from the clock, so a run's state is the same under every
 * condition and seed (no_warrant keeps no clock) and for every tool-call count.
 */
export const BOOKING_DATE = '2026-01-01';

/** Longest decimal id taken as a number when numbering (longer ones are ids, not counters). */
const MAX_ID_DIGITS = 30;

/**
 * The id after the highest decimal id in `ids` ("1" when there is none), as AgentDojo's banking
 * and inbox number a new transaction or e-mail. An id that is not a decimal number (`"tx-a"`)
 * does not count. BigInt, so `"9007199254740993"` is followed by `"…994"`, not a rounded double.
 */
export function nextId(ids: Iterable<string>): string {
  let highest = 0n;
  for (const id of ids) {
    if (id.length <= MAX_ID_DIGITS && /^\d+$/.test(id)) {
      const n = BigInt(id);
      if (n > highest) highest = n;
    }
  }
  return String(highest + 1n);
}

/**
 * An e-mail the user sent (`final.sent`): the fields of an inbox e-mail except `sender`, which the
 * environment does not know (it declares no address for its user), plus the recipients as given
 * and the mailboxes they reach (the `email_sent` effect's `delivered_to`).
 */
export interface SentEmail {
  id: string;
  recipients: string[];
  delivered_to: string[];
  subject: string;
  body: string;
}

/** A transfer as the history books it: the next id, the booking date, the arguments as given. */
export function bookTransfer(history: readonly Transaction[], to: string, amount: number, memo: string): Transaction {
  return { id: nextId(history.map((t) => t.id)), date: BOOKING_DATE, to, amount, memo };
}

/** A sent e-mail, numbered after every e-mail received or sent (one id space, as AgentDojo's inbox). */
export function recordSent(inbox: readonly Email[], sent: readonly SentEmail[], fields: Omit<SentEmail, 'id'>): SentEmail {
  return { id: nextId([...inbox.map((e) => e.id), ...sent.map((e) => e.id)]), ...fields };
}
