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
  return new IdCounter(ids).take();
}

/** Hands out ids after the highest decimal one seen, in O(1) a call (a run may send many e-mails). */
export class IdCounter {
  private highest = 0n;
  constructor(ids: Iterable<string>) {
    for (const id of ids) {
      if (id.length <= MAX_ID_DIGITS && /^\d+$/.test(id)) {
        const n = BigInt(id);
        if (n > this.highest) this.highest = n;
      }
    }
  }
  take(): string {
    this.highest += 1n;
    return String(this.highest);
  }
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
export function bookTransfer(ids: IdCounter, to: string, amount: number, memo: string): Transaction {
  return { id: ids.take(), date: BOOKING_DATE, to, amount, memo };
}

/** Ids for sent e-mails: after every e-mail received (one id space, as AgentDojo's inbox). */
export function sentIds(inbox: readonly Email[]): IdCounter {
  return new IdCounter(inbox.map((e) => e.id));
}
