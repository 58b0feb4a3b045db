/**
 * What each scenario is about, for readers of the results (docs/results.md, `scenario_info`): its one-line
 * description and the user's request, in suite order. Text only, from the scenario file: whoever
 * renders it treats it as untrusted.
 */
import * as z from 'zod';
import { isObj, record, text } from './checks.js';
import { inSchemaOrder } from './key-order.js';
import { FRAME_BOUNDS } from './limits.js';

const str = text(FRAME_BOUNDS.maxString);

const TokenWarrantFromSchema = record({
  kind: z.literal('token'),
  from: str, // PATH as written
  leaf: str, // the token's leaf, tnu_wrt_…
  token_holder: str, // hex: the token's holder, replaced by the benchmark's worker key
  token_root: str, // hex: the token's root issuer
});

const SHA256 = 'expected a SHA-256 digest (64 lowercase hex digits)';
const PolicyWarrantFromSchema = record({
  kind: z.literal('claude_code_policy'),
  from: str, // PATH as written
  sandbox: str, // what {sandbox} stood for
  sha256: z.string({ error: (issue) => (issue.input === undefined ? 'missing' : SHA256) }).regex(/^[0-9a-f]{64}$/, { error: SHA256 }), // the policy file's bytes as read
});

/**
 * Where a task_scoped grant read from a file (`warrant: {from: PATH}`) came from: a Tenuo token
 * re-granted by the benchmark, or a Claude Code governance policy (`tenuo.yaml`), told apart by
 * `kind`. A results file written before `kind` existed holds the token shape without it: it is
 * read as a token's.
 */
export const WarrantFromSchema = z.preprocess(
  (value) => (isObj(value) && value['kind'] === undefined ? { ...value, kind: 'token' } : value),
  z.discriminatedUnion('kind', [TokenWarrantFromSchema, PolicyWarrantFromSchema], {
    error: (issue) =>
      issue.input === undefined
        ? 'missing'
        : issue.code === 'invalid_union'
          ? 'expected one of "token", "claude_code_policy"'
          : 'expected an object',
  }),
);

export const ScenarioInfoSchema = record({
  name: str,
  description: str,
  request: str,
  warrant_from: WarrantFromSchema.optional(),
});

export type TokenWarrantFrom = z.infer<typeof TokenWarrantFromSchema>;
export type PolicyWarrantFrom = z.infer<typeof PolicyWarrantFromSchema>;
export type WarrantFromInfo = TokenWarrantFrom | PolicyWarrantFrom;
export type ScenarioInfo = z.infer<typeof ScenarioInfoSchema>;

/** The origin in its contract's key order, with nothing else (it may come from an untrusted file). */
export function warrantFromInfo(origin: WarrantFromInfo): WarrantFromInfo {
  return inSchemaOrder(WarrantFromSchema, origin) as WarrantFromInfo;
}
