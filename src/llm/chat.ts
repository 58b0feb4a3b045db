/**
 * The one thing the agent loop needs from a model server: a chat completion with tools. The loop
 * depends on this interface, not on the SDK, so the SDK loads only when LLM mode runs.
 */
import type { LlmMessage, LlmTokens } from '../results/results.js';
import type { FunctionTool } from './tool-schemas.js';

export interface ChatRequest {
  messages: readonly LlmMessage[];
  tools: readonly FunctionTool[];
  temperature?: number;
  signal?: AbortSignal;
}

export interface ChatToolCall {
  id: string;
  name: string;
  arguments: string; // JSON text as the model wrote it
}

export interface ChatReply {
  content: string | null;
  toolCalls: ChatToolCall[];
  usage: LlmTokens;
}

export interface ChatModel {
  /** One model call. Throws ApiError when the server fails after retries. */
  complete(request: ChatRequest): Promise<ChatReply>;
}
