/**
 * The mailboxes a mail library delivers a recipient string to (docs/scenarios.md, `send_email`): one string
 * may hold several addresses (`a@x, b@y`, `a@x; b@y`), a display name that looks like an address
 * (`"boss@company.com" <x@evil.example>`), comments and groups.
 *
 * The parser is nodemailer's `addressparser`, the one the most used Node mail library runs on every
 * `to:` it sends. Picked by measurement (docs/development.md, dependencies): 6 ms to load, 0.12 ms a string,
 * and it reads what a sender really delivers to; `email-addresses` (a strict RFC 5322 grammar)
 * returns nothing for `x@evil.example;finance@company.com` or `finance@company.com <x@evil.example>`,
 * which nodemailer delivers, so it would hide exactly the holes the probes look for.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { EnvironmentLimitError } from './limit.js';

/** Longest recipient string parsed (bounded input); a longer one is an EnvironmentLimitError. */
export const MAX_RECIPIENT_LENGTH = 4096;

/** The mailboxes one recipient string reaches, as the parser returns them (case kept), in order. */
export function mailboxesOf(recipient: string): string[] {
  if (recipient.length > MAX_RECIPIENT_LENGTH) throw new EnvironmentLimitError('a recipient string', MAX_RECIPIENT_LENGTH, 'characters');
  return addressparser(recipient, { flatten: true })
    .map((a) => a.address ?? '')
    .filter((a) => a !== '');
}

/** Every mailbox a recipient list reaches, lower-cased (the `delivered_to` effect field). */
export function deliveredTo(recipients: readonly string[]): string[] {
  return recipients.flatMap((r) => mailboxesOf(r).map((m) => m.toLowerCase()));
}
