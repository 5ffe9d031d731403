/**
 * What every caller of an OpenAI-compatible chat server shares (Ollama, llama.cpp's server, vLLM,
 * LM Studio, hosted APIs): the API base, the key as a bearer token, the body of
 * `POST {base}/chat/completions` and the reading of its answer, and a 429's `Retry-After`.
 */

/** The API base without trailing slashes (`/v1` included: `http://127.0.0.1:11434/v1` for Ollama). */
export const apiBase = (endpoint: string): string => endpoint.trim().replace(/\/+$/, '');

/** `accept` and, when there is a key, `authorization: Bearer …`. */
export function bearerHeaders(apiKey: string | undefined, accept = 'application/json'): Record<string, string> {
  return { accept, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) };
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatCompletionSettings {
  temperature: number;
  stream: boolean;
  maxTokens?: number | undefined;
}

/** The request for one chat completion: url, method, headers and JSON body. */
export function chatCompletionRequest(
  base: string,
  apiKey: string | undefined,
  model: string,
  messages: readonly ChatMessage[],
  settings: ChatCompletionSettings,
): { url: string; method: 'POST'; headers: Record<string, string>; body: string } {
  const body = {
    model,
    messages,
    temperature: settings.temperature,
    stream: settings.stream,
    ...(settings.maxTokens === undefined ? {} : { max_tokens: settings.maxTokens }),
  };
  return {
    url: `${base}/chat/completions`,
    method: 'POST',
    headers: { ...bearerHeaders(apiKey, settings.stream ? 'text/event-stream' : 'application/json'), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** The text of a (non-streamed) chat completion, `choices[0].message.content`; undefined when absent. */
export function completionContent(answer: unknown): string | undefined {
  const content = (answer as { choices?: Array<{ message?: { content?: unknown } }> } | null)?.choices?.[0]?.message?.content;
  return typeof content === 'string' ? content : undefined;
}

/** The message of an OpenAI-style error (`{ error: { message } }` or `{ error: "…" }`); undefined when there is none. */
export function errorMessageOf(value: unknown): string | undefined {
  const error = (value as { error?: unknown } | null)?.error;
  if (error === undefined || error === null) return undefined;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(error);
}

/** A `Retry-After` header (seconds or an HTTP date) → milliseconds to wait, at most `maxMs`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, maxMs: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, maxMs) : null;
}
