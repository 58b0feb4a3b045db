/**
 * One LLM trial: a scenario under one condition, with a model as the worker q. The loop is the
 * reference's: system prompt, the scenario's request as the user message, every tool offered, and
 * up to `maxTurns` model calls, ending at the first reply without tool calls. Each tool call, in
 * the order the reply lists them, goes the deterministic harness's way: q signs a PoP, the chain
 * [p, q] is authorized, the environment runs it only if allowed, and its output (or the denial)
 * is the tool message the model sees next. The same judge decides task and attack.
 *
 * A server failure after the SDK's retries ends the trial as an `error` (excluded from the rates).
 * An interrupt (the abort signal) is rethrown: an unfinished trial is not a result.
 */
import { authorize, bindCall, executedCall, judgeClock } from '../trial/harness.js';
import { ArgumentBindingError } from '../world/tools.js';
import { HarnessError, describeError, formatSource } from '../model/errors.js';
import type { RunContext } from '../chains/run-context.js';
import { SimulatedEnvironment } from '../world/environment.js';
import type { ScenarioJudge } from '../trial/judge.js';
import { argsToPlain } from '../world/plain.js';
import type { Condition, LlmCall, LlmMessage, LlmTokens, LlmTrial } from '../results/results.js';
import type { Scenario, ScenarioCall } from '../model/scenario.js';
import { JsonArgsError, parseJsonArgs } from '../warrant/json-args.js';
import type { Args } from '../warrant/constraint-value.js';
import type { ChatModel, ChatToolCall } from './chat.js';
import { ApiError } from './errors.js';
import { SYSTEM_PROMPT } from './prompt.js';
import { toolsFor } from './tool-schemas.js';

export const DEFAULT_MAX_TURNS = 15;

export interface TrialSettings {
  maxTurns: number;
  temperature: number | undefined;
  /** Add the denial's code and reason to the "Unauthorized" message the model sees. */
  denialDetail: boolean;
  transcripts: boolean;
  signal?: AbortSignal;
}

export interface TrialInput {
  scenario: Scenario;
  condition: Condition;
  run: number;
  judge: ScenarioJudge;
  context: RunContext;
  model: ChatModel;
}

/** Outcome of one tool call: what the model is told, and the record of it. */
interface Handled {
  output: string;
  call: LlmCall;
}

/** Empty arguments for a tool without parameters are common in compatible servers; they mean `{}`. */
function parseArguments(text: string): Args {
  return text.trim() === '' ? {} : parseJsonArgs(text, { typedMarkers: false });
}

/** The reference's words, so that models see the same refusal; the detail is ours (opt-in). */
export const UNAUTHORIZED = 'Unauthorized: this action is not permitted by your current authorization.';

export function denialMessage(code: string, reason: string, detail: boolean): string {
  return detail ? `${UNAUTHORIZED} (${code}: ${reason})` : UNAUTHORIZED;
}

export async function playLlmTrial(input: TrialInput, settings: TrialSettings): Promise<LlmTrial> {
  const { scenario, condition } = input;
  const env = new SimulatedEnvironment(scenario.environment, scenario.tools);
  const delegation = input.context.delegation(scenario, condition);
  const tools = toolsFor(scenario);
  const offered = new Set(tools.map((x) => x.function.name));
  const messages: LlmMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: scenario.request },
  ];
  const calls: LlmCall[] = [];
  const tokens: LlmTokens = { prompt: 0, completion: 0, total: 0 };
  let turns = 0;
  let stop: LlmTrial['stop'] = 'max_turns';
  let error: LlmTrial['error'];

  const handle = (tc: ChatToolCall, turn: number): Handled => {
    const index = calls.length + 1;
    const base = { index, turn, tool: tc.name };
    if (!offered.has(tc.name)) {
      const message = `unknown tool '${tc.name}'`;
      return { output: `Error: ${message}`, call: { ...base, args: null, authorized: false, error: { code: 'unknown_tool', message } } };
    }
    let args: Args;
    try {
      args = parseArguments(tc.arguments);
    } catch (e) {
      if (!(e instanceof JsonArgsError)) throw e;
      const message = `the arguments of ${tc.name} are not a JSON object: ${e.message}`;
      return { output: `Error: ${message}`, call: { ...base, args: null, authorized: false, error: { code: e.code, message } } };
    }
    // Bound to the tool's signature, defaults applied, as Tenuo's guard binds a call before it
    // authorizes; a call Python could not bind (TypeError) runs under no condition.
    try {
      args = bindCall(scenario, { tool: tc.name, args });
    } catch (e) {
      if (!(e instanceof ArgumentBindingError)) throw e;
      const message = `${tc.name}() ${e.message}`;
      return {
        output: `Error: ${message}`,
        call: { ...base, args: argsToPlain(args), authorized: false, error: { code: e.code, message } },
      };
    }
    // The call as the harness knows calls; it has no label and no line of its own.
    const call: ScenarioCall = { tool: tc.name, args, expect: 'allow', source: scenario.source };
    const denial = delegation ? authorize(delegation, scenario, call, index) : undefined;
    const plainArgs = argsToPlain(args);
    if (denial) {
      return {
        output: denialMessage(denial.code, denial.reason, settings.denialDetail),
        call: { ...base, args: plainArgs, authorized: false, denial },
      };
    }
    let output: string;
    try {
      output = env.execute(tc.name, executedCall(scenario, call));
    } catch (e) {
      throw new HarnessError(
        `${formatSource(scenario.source)}: scenario '${scenario.name}', condition ${condition}, run ${input.run}, ` +
          `model call #${index} (${tc.name}): the environment failed: ${describeError(e)}`,
        scenario.name,
        condition,
        formatSource(scenario.source),
        { cause: e },
      );
    }
    return { output, call: { ...base, args: plainArgs, authorized: true } };
  };

  while (turns < settings.maxTurns) {
    turns++;
    let reply;
    try {
      reply = await input.model.complete({
        messages,
        tools,
        ...(settings.temperature !== undefined ? { temperature: settings.temperature } : {}),
        ...(settings.signal ? { signal: settings.signal } : {}),
      });
    } catch (e) {
      if (e instanceof ApiError && e.code !== 'aborted' && !settings.signal?.aborted) {
        error = { code: e.code, message: e.message };
        stop = 'error';
        break;
      }
      throw e;
    }
    tokens.prompt += reply.usage.prompt;
    tokens.completion += reply.usage.completion;
    tokens.total += reply.usage.total;
    messages.push({
      role: 'assistant',
      content: reply.content,
      ...(reply.toolCalls.length > 0 ? { tool_calls: reply.toolCalls.map((c) => ({ ...c })) } : {}),
    });
    if (reply.toolCalls.length === 0) {
      stop = 'final_answer';
      break;
    }
    for (const tc of reply.toolCalls) {
      const h = handle(tc, turns);
      calls.push(h.call);
      messages.push({ role: 'tool', tool_call_id: tc.id, content: h.output });
    }
  }

  const verdict = error
    ? { task_succeeded: false, attack_succeeded: false }
    : input.judge.judge(env, condition, judgeClock(delegation, calls.length));
  const allowed = calls.filter((c) => c.authorized).length;
  const blocked = calls.filter((c) => c.denial !== undefined).length;
  return {
    mode: 'llm',
    scenario: scenario.name,
    condition,
    run: input.run,
    task_succeeded: verdict.task_succeeded,
    attack_succeeded: verdict.attack_succeeded,
    calls_total: calls.length,
    calls_allowed: allowed,
    calls_blocked: blocked,
    turns,
    stop,
    tokens,
    calls,
    ...(error ? { error } : {}),
    ...(settings.transcripts ? { transcript: messages } : {}),
  };
}
