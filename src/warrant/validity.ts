/**
 * A warrant's validity window in time: expiry and issued_at, checked against an injected `now`.
 *
 * Time, as Tenuo keeps it (`planes.rs` `verify_chain` / `verify_link`, `warrant.rs`), read from
 * its code and checked against its own answers (test/warrant/tenuo-answers-chains.test.ts):
 *   - chain verification checks each child's expiry with the clock tolerance (`now > expires_at +
 *     30`), and nothing else of the clock: not the root's expiry, not any issued_at;
 *   - a call checks the leaf's expiry without tolerance (`now >= expires_at`, checkCallExpiry), so
 *     a lone root that expired verifies as a chain but authorizes no call;
 *   - issued_at in the future (`issued_at > now + 30`) is checked when a single warrant is
 *     decoded (`wire::decode_base64` → `Warrant::validate`: a token, a `TENUO WARRANT` PEM block),
 *     never for a `TENUO WARRANT CHAIN` stack (`wire::decode_stack`): checkIssuedAt, which the
 *     reader of the tokens calls (text.ts says which transport each warrant came by).
 */
import { linkName, fail } from './link-rules.js';
import type { SignedWarrant, WarrantPayload } from './types.js';

/** The reference chain verifier's default clock tolerance (`CLOCK_SKEW_TOLERANCE_SECS`). */
export const DEFAULT_CLOCK_SKEW_SECONDS = 30;

/**
 * A child's expiry in chain verification (reference `is_expired_with_tolerance`, default 30 s): it
 * is expired when `now > expires_at + skew`, so still accepted at `expires_at + skew` exactly.
 */
export function checkLinkExpiry(payload: WarrantPayload, where: string, now: number, skew: number): void {
  if (now > payload.expiresAt + skew) {
    fail('warrant_expired', where, `expired at ${payload.expiresAt} (now ${now}, ${skew} s clock tolerance in chain verification)`);
  }
}

/**
 * The leaf's expiry when it authorizes a call (reference `authorize_with_pop_args_and_config` →
 * `is_expired`): no tolerance, and the instant `expires_at` itself is already expired.
 */
export function checkCallExpiry(payload: WarrantPayload, where: string, now: number): void {
  if (now >= payload.expiresAt)
    fail('warrant_expired', where, `expired at ${payload.expiresAt} (now ${now}; a call gets no clock tolerance)`);
}

/**
 * issued_at in the future, as Tenuo checks it when it decodes a single warrant (`Warrant::validate`,
 * `CLOCK_SKEW_TOLERANCE_SECS`): refused when `issued_at > now + skew`. Reported as
 * `warrant_expired`, the same question (outside its validity window) with the same fix (check clocks).
 */
export function checkIssuedAt(payload: WarrantPayload, where: string, now: number, skew: number): void {
  if (payload.issuedAt > now + skew) {
    fail(
      'warrant_expired',
      where,
      `issued_at ${payload.issuedAt} is in the future (now ${now}, ${skew} s clock skew allowed): not valid yet`,
    );
  }
}

/**
 * The whole validity window at `now` (expiry and issued_at, both with `skew`): what the builders
 * check before they sign, so that they never issue a warrant outside its own window.
 */
export function checkValidityWindow(payload: WarrantPayload, where: string, now: number, skew: number): void {
  checkLinkExpiry(payload, where, now, skew);
  checkIssuedAt(payload, where, now, skew);
}

/**
 * The clock-dependent part of chain verification: every child's expiry with the tolerance (the
 * root's is not checked here, as in the reference; a call checks the leaf's, checkCallExpiry).
 */
export function checkChainTimes(chain: readonly SignedWarrant[], now: number, skew: number): void {
  for (let i = 1; i < chain.length; i++) {
    const payload = chain[i]!.payload;
    // Inline the common case; build the link name only on failure.
    if (now > payload.expiresAt + skew) checkLinkExpiry(payload, linkName(i, payload), now, skew);
  }
}

/**
 * The issued_at check Tenuo makes while decoding (checkIssuedAt) on the warrants decoded one by one
 * (`carried[i] === 'single'`, text.ts readTokens); warrants that came in a stack are not checked,
 * as Tenuo's `decode_stack` does not. Throws the first failure as a WarrantError naming the link.
 */
export function checkDecodedIssuedAt(
  chain: readonly SignedWarrant[],
  carried: readonly ('single' | 'stack')[],
  now: number,
  skew: number = DEFAULT_CLOCK_SKEW_SECONDS,
): void {
  for (let i = 0; i < chain.length; i++) {
    if (carried[i] !== 'single') continue;
    const payload = chain[i]!.payload;
    checkIssuedAt(payload, `${linkName(i, payload)}, decoded as a single token`, now, skew);
  }
}

/**
 * Where Tenuo's reading of time let this chain through at `now` although a warrant is outside its
 * own window: one sentence per quirk, naming Tenuo's rule, for a report to show beside the verdict.
 * `call`: whether a call is being authorized (which checks the leaf's expiry without tolerance).
 */
export function clockQuirks(
  chain: readonly SignedWarrant[],
  carried: readonly ('single' | 'stack')[],
  now: number,
  call: boolean,
  skew: number = DEFAULT_CLOCK_SKEW_SECONDS,
): string[] {
  const out: string[] = [];
  chain.forEach((w, i) => {
    const payload = w.payload;
    const where = linkName(i, payload);
    if (carried[i] === 'stack' && payload.issuedAt > now + skew) {
      out.push(
        `${where}: issued_at ${payload.issuedAt} is more than ${skew} s after now (${now}), and it is accepted: it came in a TENUO WARRANT CHAIN (a WarrantStack), which Tenuo decodes without Warrant::validate, so it never checks issued_at (the same warrant as a single token is refused)`,
      );
    }
    if (call) return;
    if (i === 0 && now >= payload.expiresAt) {
      out.push(
        `${where}: the root expired at ${payload.expiresAt} (now ${now}), and the chain verifies: Tenuo's verify_chain never checks the root's expiry; only a call checks it, on the leaf, without tolerance`,
      );
    } else if (i > 0 && now >= payload.expiresAt) {
      out.push(
        `${where}: expired at ${payload.expiresAt} (now ${now}), and the chain verifies within Tenuo's ${skew} s clock tolerance; a call is denied (a call checks the leaf's expiry without tolerance)`,
      );
    }
  });
  return out;
}
