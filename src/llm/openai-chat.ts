/**
 * The ChatModel over the official `openai` SDK: any OpenAI-compatible server through its base URL
 * (OpenAI, Azure's v1 endpoint, vLLM, Ollama, LiteLLM). The SDK does the retrying: 408/409/429
 * and 5xx and dropped connections, with exponential backoff that honours `retry-after` and
 * `retry-after-ms`, and a per-request timeout. What still fails after that becomes an ApiError
 * with a stable code. The SDK is imported on first use, so a deterministic run never loads it.
 */
import type { LlmMessage } from '../results/results.js';
import type { ChatModel, ChatReply, ChatRequest } from './chat.js';
import { ApiError, type ApiErrorCode } from './errors.js';

export interface OpenAIChatOptions {
  model: string;
  apiKey: string | undefined;
  baseURL: string | undefined;
  /** Per request, in milliseconds. */
  timeoutMs: number;
  maxRetries: number;
}

type OpenAIModule = typeof import('openai');
type Client = InstanceType<OpenAIModule['default']>;
type Param = import('openai').OpenAI.Chat.Completions.ChatCompletionMessageParam;

function toParam(m: LlmMessage): Param {
  switch (m.role) {
    case 'system':
      return { role: 'system', content: m.content ?? '' };
    case 'user':
      return { role: 'user', content: m.content ?? '' };
    case 'tool':
      return { role: 'tool', tool_call_id: m.tool_call_id ?? '', content: m.content ?? '' };
    case 'assistant':
      return {
        role: 'assistant',
        content: m.content,
        ...(m.tool_calls && m.tool_calls.length > 0
          ? {
              tool_calls: m.tool_calls.map((c) => ({
                id: c.id,
                type: 'function' as const,
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
  }
}

/** The SDK's error classes → our codes; what the SDK already retried is final here. */
function classify(sdk: OpenAIModule, e: unknown): ApiError {
  const msg = e instanceof Error ? e.message : String(e);
  let code: ApiErrorCode = 'api_error';
  if (e instanceof sdk.APIUserAbortError) code = 'aborted';
  else if (e instanceof sdk.APIConnectionTimeoutError) code = 'timeout';
  else if (e instanceof sdk.APIConnectionError) code = 'connection';
  else if (e instanceof sdk.RateLimitError) code = 'rate_limited';
  else if (e instanceof sdk.InternalServerError) code = 'server_error';
  return new ApiError(code, msg, { cause: e });
}

export class OpenAIChat implements ChatModel {
  private sdk: OpenAIModule | undefined;
  private client: Client | undefined;

  constructor(private readonly options: OpenAIChatOptions) {}

  private async load(): Promise<[OpenAIModule, Client]> {
    if (!this.sdk || !this.client) {
      const sdk = await import('openai');
      this.sdk = sdk;
      this.client = new sdk.OpenAI({
        // A local server (Ollama, vLLM) needs no key, but the SDK refuses to start without one.
        apiKey: this.options.apiKey ?? 'no-key',
        ...(this.options.baseURL !== undefined ? { baseURL: this.options.baseURL } : {}),
        timeout: this.options.timeoutMs,
        maxRetries: this.options.maxRetries,
        logLevel: 'off',
      });
    }
    return [this.sdk, this.client];
  }

  async complete(request: ChatRequest): Promise<ChatReply> {
    const [sdk, client] = await this.load();
    // A signal of its own per request: the SDK adds a listener to the signal it is given and never
    // removes it, so passing the run's one signal to every request would pile them up.
    const own = new AbortController();
    const forward = (): void => own.abort();
    if (request.signal?.aborted) own.abort();
    request.signal?.addEventListener('abort', forward, { once: true });
    let res;
    try {
      res = await client.chat.completions.create(
        {
          model: this.options.model,
          messages: request.messages.map(toParam),
          tools: request.tools.map((t) => ({
            type: 'function' as const,
            function: { ...t.function, parameters: { ...t.function.parameters } },
          })),
          tool_choice: 'auto',
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        },
        { signal: own.signal },
      );
    } catch (e) {
      throw classify(sdk, e);
    } finally {
      request.signal?.removeEventListener('abort', forward);
    }
    const choice = res.choices?.[0];
    if (!choice || !choice.message) throw new ApiError('bad_response', 'the server replied without a choice');
    const calls = choice.message.tool_calls ?? [];
    return {
      content: choice.message.content ?? null,
      toolCalls: calls.map((c) =>
        c.type === 'function'
          ? { id: c.id, name: c.function.name, arguments: c.function.arguments }
          : // A custom (free-text) tool call: we offer none, so it is an unknown tool.
            { id: c.id, name: c.custom.name, arguments: c.custom.input },
      ),
      usage: {
        prompt: res.usage?.prompt_tokens ?? 0,
        completion: res.usage?.completion_tokens ?? 0,
        total: res.usage?.total_tokens ?? 0,
      },
    };
  }
}
