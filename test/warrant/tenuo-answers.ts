/**
 * Tenuo's own answers (test/fixtures/tenuo-answers/, copied by scripts/tenuo-answers-vectors.mjs
 * from the corpus Tenuo's code produced): readers for the gzip'd JSON lines.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const DIR = new URL('../fixtures/tenuo-answers/', import.meta.url);

export function readAnswers<T>(name: string): T[] {
  return gunzipSync(readFileSync(new URL(name, DIR)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

export interface ChainCheck {
  id: string;
  what: string;
  transport: 'pem_chain' | 'pem_blocks' | 'tokens';
  links?: number[];
  request: {
    op: 'verify_chain' | 'authorize';
    trusted_roots: string[];
    now: number;
    tool?: string;
    args?: Record<string, unknown>;
    holder_key?: string;
    pop?: string;
  };
  answer: { valid?: boolean; allowed?: boolean; stage?: string; error?: string; error_variant?: string; pop_signature?: string | null };
}

export interface MintedWarrant {
  id: string;
  base64: string;
  pem: string;
  issued_at: number;
  expires_at: number;
}

export interface ChainCase {
  id: string;
  levels: number;
  mint: {
    request: unknown;
    answer: { ok: boolean; error?: string; trusted_root?: string; chain_pem?: string; warrants?: MintedWarrant[] };
  };
  checks: ChainCheck[];
}

export interface SetCase {
  id: string;
  binding?: { integration: 'mcp' | 'guard'; params: string[]; defaults: Record<string, unknown>; sent: Record<string, unknown> };
  request: { op: 'set_matches'; constraints: Record<string, unknown>; allow_unknown: boolean; args: Record<string, unknown> };
  answer: { ok: boolean; allowed?: boolean; error?: string | null; panic?: boolean };
}

/** The token arguments `warrant verify` gets for a check, as the check's transport carried them. */
export function transportTokens(c: ChainCase, check: ChainCheck): string[] {
  const ws = c.mint.answer.warrants!;
  const chosen = (check.links ?? ws.map((_, i) => i)).map((i) => ws[i]!);
  switch (check.transport) {
    case 'pem_chain':
      return [c.mint.answer.chain_pem!];
    case 'pem_blocks':
      return [chosen.map((w) => w.pem).join('')];
    case 'tokens':
      return chosen.map((w) => w.base64);
  }
}

/** Tenuo's verdict on a check: verify_chain's `valid`, authorize's `allowed`. */
export function tenuoVerdict(check: ChainCheck): boolean {
  return check.request.op === 'verify_chain' ? check.answer.valid === true : check.answer.allowed === true;
}
