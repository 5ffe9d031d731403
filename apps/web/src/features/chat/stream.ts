/**
 * Asking a question (`POST …/chats/{chatId}/messages`): the answer streams as server-sent events,
 * `delta` {text} as it comes, then `done` {question, answer} (saved, citations resolved) or `error`
 * {code}. Sent through the app's API client (auth, anti-forgery header, session refresh).
 */
import { API, type ChatMessage } from '@palabre/shared';
import { callStream } from '../../api/call.ts';
import { readEventStream, type StreamEvent } from './sse.ts';

export interface ChatAnswer {
  question: ChatMessage;
  answer: ChatMessage;
}

/** A stream that ended in an error: the server's code (`model_unavailable`…), or `network_error` when it was cut. */
export class ChatStreamError extends Error {
  readonly code: string;
  constructor(code: string, message?: string) {
    super(message ?? code);
    this.code = code;
  }
}

function parse(data: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Follows the events of an answer: each delta's text to `onDelta`, the saved messages at `done`; throws on `error` or a stream cut short. */
export async function followAnswer(events: AsyncIterable<StreamEvent>, onDelta: (text: string) => void): Promise<ChatAnswer> {
  for await (const { event, data } of events) {
    if (event === 'delta') {
      const text = parse(data).text;
      if (typeof text === 'string' && text) onDelta(text);
    } else if (event === 'done') {
      const done = parse(data);
      if (!done.question || !done.answer) throw new ChatStreamError('internal_error');
      return done as unknown as ChatAnswer;
    } else if (event === 'error') {
      const error = parse(data);
      throw new ChatStreamError(typeof error.code === 'string' ? error.code : 'internal_error', typeof error.message === 'string' ? error.message : undefined);
    }
  }
  throw new ChatStreamError('network_error');
}

/** Asks a question of a chat; `signal` stops the answer (the server keeps what came). */
export async function askQuestion(conversationId: string, chatId: string, question: string, options: { signal: AbortSignal; onDelta(text: string): void }): Promise<ChatAnswer> {
  const response = await callStream(API.chats.ask, { params: { id: conversationId, chatId }, body: { question }, signal: options.signal });
  if (!response.body) throw new ChatStreamError('network_error');
  try {
    return await followAnswer(readEventStream(response.body, options.signal), options.onDelta);
  } catch (error) {
    if (options.signal.aborted) throw new ChatStreamError('aborted');
    if (error instanceof ChatStreamError) throw error;
    throw new ChatStreamError('network_error');
  }
}
