/**
 * Text forms of warrants (reference `wire.rs`, spec wire-format-v1 §12): base64url without padding,
 * hex, and PEM armor. A token carries one SignedWarrant or a WarrantStack; PEM input may hold several
 * blocks (an implicit stack, `cat root.pem leaf.pem`), `TENUO WARRANT` or `TENUO WARRANT CHAIN`.
 *
 * Parsing is strict (fail closed): the one tolerance is whitespace around the token (and CR before
 * LF in PEM). Anything else is `malformed` with a reason saying what was wrong.
 *
 * Like the binary decoders, parsing checks the text, the CBOR framing and the envelopes; each
 * payload is decoded only when its `payload` is first read (envelope.ts), so that a verifier can
 * check the signatures first. A payload that does not decode throws its WarrantError then.
 */
import { fromBase64Url, fromHex, toBase64Url, toHex } from '../lib/bytes.js';
import { decode } from './cbor/index.js';
import { envelopeFromCbor, encodeWarrant } from './envelope.js';
import { malformed } from './errors.js';
import { MAX_CBOR_DEPTH, MAX_WARRANT_BYTES } from './payload.js';
import { MAX_STACK_BYTES, decodeStack, encodeStack, stackFromCbor } from './stack.js';
import type { SignedWarrant } from './types.js';

export const PEM_LINE_LENGTH = 64;
const PEM_WARRANT = 'TENUO WARRANT';
const PEM_CHAIN = 'TENUO WARRANT CHAIN';
/** Base64 of the largest stack, plus room for armor and line breaks. */
const MAX_TEXT_CHARS = Math.ceil((MAX_STACK_BYTES * 4) / 3) * 2 + 4096;

/** Bytes of one envelope or one WarrantStack → warrants, root first. */
export function decodeTokenBytes(bytes: Uint8Array): SignedWarrant[] {
  if (bytes.length === 0) throw malformed('token is empty');
  // Both forms are CBOR arrays: 0x80–0x97 or 0x98–0x9b heads. Anything else cannot be either.
  if (bytes[0]! >> 5 !== 4) throw malformed('token bytes are not a SignedWarrant or WarrantStack (not a CBOR array)');
  const v = decode(bytes, { maxBytes: MAX_STACK_BYTES, maxDepth: MAX_CBOR_DEPTH });
  if (Array.isArray(v) && v.length > 0 && Array.isArray(v[0])) return stackFromCbor(v);
  if (bytes.length > MAX_WARRANT_BYTES) {
    throw malformed(`envelope is ${bytes.length} bytes; the limit is ${MAX_WARRANT_BYTES}`);
  }
  return [envelopeFromCbor(v)];
}

function describeChar(c: string): string {
  const code = c.codePointAt(0)!;
  return code < 0x20 || code === 0x7f ? `control character U+${code.toString(16).padStart(4, '0')}` : `'${c}'`;
}

function base64UrlBytes(text: string, where: string): Uint8Array {
  const bad = /[^A-Za-z0-9_-]/.exec(text);
  if (bad) {
    const c = bad[0];
    if (c === '=') throw malformed(`${where}: base64url padding '=' is not allowed`);
    if (c === '+' || c === '/') {
      throw malformed(`${where}: '${c}' at position ${bad.index + 1} is standard base64, not base64url (use '-' and '_')`);
    }
    if (/\s/.test(c)) throw malformed(`${where}: whitespace at position ${bad.index + 1} inside the token`);
    throw malformed(`${where}: not base64url, hex or PEM: ${describeChar(c)} at position ${bad.index + 1}`);
  }
  const bytes = fromBase64Url(text);
  if (bytes === undefined) {
    throw malformed(`${where}: invalid base64url (length ${text.length} cannot be a whole encoding, or stray trailing bits)`);
  }
  return bytes;
}

interface PemBlock {
  label: string;
  body: string;
}

function pemBlocks(text: string): PemBlock[] {
  const lines = text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  const blocks: PemBlock[] = [];
  let open: { label: string; body: string[]; line: number } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const n = i + 1;
    const line = lines[i]!;
    const begin = /^-----BEGIN ([A-Z ]+)-----$/.exec(line);
    const end = /^-----END ([A-Z ]+)-----$/.exec(line);
    if (begin) {
      if (open) throw malformed(`PEM line ${n}: BEGIN inside the ${open.label} block opened on line ${open.line}`);
      const label = begin[1]!;
      if (label !== PEM_WARRANT && label !== PEM_CHAIN) {
        throw malformed(`PEM line ${n}: unexpected label "${label}" (expected ${PEM_WARRANT} or ${PEM_CHAIN})`);
      }
      open = { label, body: [], line: n };
    } else if (end) {
      if (!open) throw malformed(`PEM line ${n}: END without a BEGIN`);
      if (end[1] !== open.label) throw malformed(`PEM line ${n}: END ${end[1]} closes a BEGIN ${open.label} block`);
      if (open.body.length === 0) throw malformed(`PEM line ${n}: the ${open.label} block is empty`);
      blocks.push({ label: open.label, body: open.body.join('') });
      open = undefined;
    } else if (open) {
      if (line.length > PEM_LINE_LENGTH) {
        throw malformed(`PEM line ${n} is longer than ${PEM_LINE_LENGTH} characters`);
      }
      if (line.length === 0) throw malformed(`PEM line ${n} is empty inside the ${open.label} block`);
      const bad = /[^A-Za-z0-9_-]/.exec(line);
      if (bad) {
        const c = bad[0];
        const what = c === '=' ? "padding '='" : c === '+' || c === '/' ? `standard base64 '${c}'` : describeChar(c);
        throw malformed(`PEM line ${n}: ${what} at column ${bad.index + 1} (the body is base64url without padding)`);
      }
      open.body.push(line);
    } else if (line.trim() !== '') {
      throw malformed(`PEM line ${n}: text outside a BEGIN/END block`);
    }
  }
  if (open) throw malformed(`PEM: the ${open.label} block opened on line ${open.line} has no END line`);
  if (blocks.length === 0) throw malformed('PEM: no TENUO WARRANT block found');
  return blocks;
}

/**
 * Parses a token: base64url (no padding), hex, or PEM; one SignedWarrant or a WarrantStack (or, in
 * PEM, several blocks). Returns the warrants in order, root first. Throws WarrantError.
 */
export function parseTokens(text: string): SignedWarrant[] {
  return readTokens(text).warrants;
}

/**
 * Warrants read from a token, root first, with how each was carried: `single` when it was decoded
 * on its own (a token, a `TENUO WARRANT` PEM block: Tenuo's `wire::decode_base64`, which runs
 * `Warrant::validate` and so refuses an issued_at more than 30 s in the future), `stack` when it
 * came inside a WarrantStack (a `TENUO WARRANT CHAIN` block or stack bytes: `wire::decode_stack`,
 * which runs no validation, so Tenuo never checks those warrants' issued_at).
 */
export interface ReadTokens {
  readonly warrants: SignedWarrant[];
  readonly carried: ('single' | 'stack')[];
}

/** parseTokens, saying how each warrant was carried (see ReadTokens). Throws WarrantError. */
export function readTokens(text: string): ReadTokens {
  if (typeof text !== 'string') throw malformed('token: expected text');
  if (text.length > MAX_TEXT_CHARS) throw malformed(`token is ${text.length} characters; too long for a WarrantStack`);
  const token = text.trim();
  if (token.length === 0) throw malformed('token is empty');
  const out: ReadTokens = { warrants: [], carried: [] };
  let stackBytes = false;
  const add = (ws: SignedWarrant[]): void => {
    // A stack's bytes hold several envelopes (or one in an array): decode_stack's path either way.
    const carried = ws.length === 1 && !stackBytes ? 'single' : 'stack';
    for (const w of ws) {
      out.warrants.push(w);
      out.carried.push(carried);
    }
  };
  const bytesOf = (bytes: Uint8Array): SignedWarrant[] => {
    stackBytes = isStackBytes(bytes);
    return decodeTokenBytes(bytes);
  };
  if (token.startsWith('-----')) {
    for (const block of pemBlocks(token)) {
      const bytes = base64UrlBytes(block.body, `PEM ${block.label} block`);
      if (block.label === PEM_CHAIN) {
        stackBytes = true;
        add(decodeStack(bytes));
      } else add(bytesOf(bytes));
    }
    return out;
  }
  // Hex is tried first: a warrant's base64url starts with 'g' or 'h' (0x8_ array heads), which is not
  // a hex digit, so the two forms cannot be confused for real tokens.
  if (/^[0-9a-fA-F]+$/.test(token)) {
    const bytes = fromHex(token);
    if (bytes === undefined) throw malformed(`hex token has an odd number of digits (${token.length})`);
    add(bytesOf(bytes));
    return out;
  }
  add(bytesOf(base64UrlBytes(token, 'token')));
  return out;
}

/** Whether token bytes are a WarrantStack: an array whose first element is an array (an envelope's is an int). */
function isStackBytes(bytes: Uint8Array): boolean {
  if (bytes.length < 3 || bytes[0]! >> 5 !== 4) return false;
  const first = (bytes[0]! & 0x1f) === 24 ? 2 : 1; // a one-byte length follows 0x98
  return bytes[first]! >> 5 === 4;
}

/** base64url without padding of the envelope: the form for HTTP headers and the CLI. */
export function toBase64UrlToken(warrant: SignedWarrant): string {
  return toBase64Url(encodeWarrant(warrant));
}

/** base64url of a WarrantStack. */
export function toBase64UrlStackToken(ws: readonly SignedWarrant[]): string {
  return toBase64Url(encodeStack(ws));
}

export function toHexToken(warrant: SignedWarrant): string {
  return toHex(encodeWarrant(warrant));
}

function armor(label: string, bytes: Uint8Array): string {
  const b64 = toBase64Url(bytes);
  let out = `-----BEGIN ${label}-----\n`;
  for (let i = 0; i < b64.length; i += PEM_LINE_LENGTH) out += `${b64.slice(i, i + PEM_LINE_LENGTH)}\n`;
  return `${out}-----END ${label}-----\n`;
}

/**
 * PEM armor. One warrant: a `TENUO WARRANT` block; several: one `TENUO WARRANT CHAIN` block holding
 * the WarrantStack (the reference's explicit-stack form). Lines of 64 characters.
 */
export function toPem(ws: SignedWarrant | readonly SignedWarrant[]): string {
  const list: readonly SignedWarrant[] = Array.isArray(ws) ? ws : [ws as SignedWarrant];
  if (list.length === 0) throw malformed('toPem: no warrants');
  return list.length === 1 ? armor(PEM_WARRANT, encodeWarrant(list[0]!)) : armor(PEM_CHAIN, encodeStack(list));
}
