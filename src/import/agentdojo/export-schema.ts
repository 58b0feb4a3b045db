/**
 * The shape of an AgentDojo export (docs/agentdojo.md, "The export format"): one suite per file,
 * with its tools, injection vectors, user and injection tasks and their ground-truth calls, the
 * pairs, and Tenuo's reference policy as data. Only what the importer reads is checked; the other
 * keys (counts, the environment YAML, notes, AgentDojo's replay of other attacks) are ignored.
 * Every list and text is bounded, so a hostile file costs a refusal, not memory.
 */
import * as z from 'zod';

export const EXPORT_FORMAT = 'delegation-bench agentdojo-suite 1';

/** Bounds of one export (AgentDojo's largest suite, workspace, has 24 tools, 40 user tasks, 560 pairs). */
export const EXPORT_LIMITS = {
  bytes: 16 * 1024 * 1024,
  tools: 500,
  params: 100,
  tasks: 2_000,
  calls: 500,
  pairs: 100_000,
  vectors: 500,
  text: 200_000,
} as const;

const text = z.string().max(EXPORT_LIMITS.text);
const name = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]*$/, 'a name of letters, digits, _, . and - (starting with a letter or _)');

/** A JSON value as the export gives it (arguments, a parameter's default). */
const json: z.ZodType<unknown> = z.unknown();

const call = z.object({
  function: name,
  args: z.record(z.string(), json),
  result: text,
  args_template: z.record(z.string(), json).optional(),
  result_template: text.optional(),
});

const parameterSchema = z.looseObject({ type: z.unknown().optional(), default: json.optional(), anyOf: z.unknown().optional() });

const tool = z.object({
  name,
  description: text,
  parameters: z.object({
    properties: z.record(z.string(), parameterSchema).refine((p) => Object.keys(p).length <= EXPORT_LIMITS.params, {
      message: `more than ${EXPORT_LIMITS.params} parameters`,
    }),
    required: z.array(z.string()).max(EXPORT_LIMITS.params).optional(),
  }),
  effect: z.enum(['read_only', 'state_changing']),
});

const judgeReads = z.array(z.enum(['final_state', 'state_diff', 'answer', 'call_trace', 'pre_state', 'next_id'])).max(10);

const userTask = z.object({
  id: name,
  prompt: z.string().min(1).max(10_000),
  ground_truth: z.array(call).max(EXPORT_LIMITS.calls),
  utility_check: text,
  judge_reads: judgeReads,
});

const injectionTask = z.object({
  id: name,
  goal: text,
  ground_truth: z.array(call).max(EXPORT_LIMITS.calls),
  has_ground_truth: z.boolean(),
  security_check: text,
  judge_reads: judgeReads,
  needs_sum: z.boolean().optional(),
  injection_text_in_environment: text,
  injection_text_in_environment_at: z.record(z.string(), text).optional(),
});

const verdicts = z.object({ utility: z.boolean(), security: z.boolean() });

const pair = z.object({
  user_task: name,
  injection_task: name,
  has_ground_truth: z.boolean(),
  vectors: z.array(name).max(EXPORT_LIMITS.vectors),
  user_args_change_with_injection: z.boolean(),
  agentdojo_replay: z.object({ user_calls_only: verdicts, user_then_injection_calls: verdicts }),
});

const effectivePolicyEntry = z.object({
  in_suite: z.boolean(),
  delegation_bench_grant: z.record(z.string(), json).optional(),
});

export const exportSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: `not an AgentDojo export: format must be '${EXPORT_FORMAT}'` }),
  suite: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'a suite name of 1-40 lower-case letters, digits, _ and -: it names a folder and prefixes scenario names'),
  benchmark_version: z.string().max(40),
  suite_task_version: z.string().max(40),
  source: z.object({
    project: z.string().max(200),
    repository: z.string().max(500),
    commit: z.string().max(100),
    package_version: z.string().max(100),
    licence: z.string().max(100),
    copyright: z.string().min(1).max(2_000),
  }),
  tools: z.array(tool).min(1).max(EXPORT_LIMITS.tools),
  injection_vectors: z.record(name, z.object({ description: text })).refine((v) => Object.keys(v).length <= EXPORT_LIMITS.vectors, {
    message: `more than ${EXPORT_LIMITS.vectors} vectors`,
  }),
  user_tasks: z.array(userTask).max(EXPORT_LIMITS.tasks),
  injection_tasks: z.array(injectionTask).max(EXPORT_LIMITS.tasks),
  pairs: z.array(pair).max(EXPORT_LIMITS.pairs),
  tenuo_reference_policy: z.object({
    source: z.object({ repository: z.string().max(500), commit: z.string().max(100) }),
    effective: z.record(name, effectivePolicyEntry),
  }),
});

export type RawExport = z.infer<typeof exportSchema>;
