/**
 * A question being answered: the text streamed so far, then the saved messages once done. An answer
 * that ends in an error or is stopped stays shown, with why, until the chat fetched again holds what
 * the server kept of it. Stops when the chat changes or the panel closes.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useAppendMessages, useRefreshChat } from './api.ts';
import { askQuestion, ChatStreamError } from './stream.ts';

export interface PendingAnswer {
  chatId: string;
  question: string;
  answer: string;
  status: 'streaming' | 'failed' | 'stopped';
  /** The failure's code (`model_unavailable`, `network_error`…). */
  error: string | null;
  /** How many messages the chat had when asked: the question and its answer come after. */
  before: number;
}

export function useAsk(conversationId: string, chatId: string | null) {
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  /** What a screen reader is told once an answer is complete. */
  const [completed, setCompleted] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const append = useAppendMessages(conversationId);
  const refresh = useRefreshChat(conversationId);

  useEffect(
    () => () => {
      controller.current?.abort();
      setPending(null);
    },
    [chatId],
  );

  const ask = useCallback(
    async (question: string, count: number) => {
      if (!chatId || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setCompleted(null);
      // What the server kept of an answer that ended early may have been saved after the chat was
      // fetched again: fetched once more, so that it stays in view above the new question.
      const before = pending && pending.status !== 'streaming' ? await refresh(chatId) : count;
      setPending({ chatId, question, answer: '', status: 'streaming', error: null, before });
      try {
        const done = await askQuestion(conversationId, chatId, question, {
          signal: abort.signal,
          onDelta: (text) => setPending((current) => (current && current.chatId === chatId ? { ...current, answer: current.answer + text } : current)),
        });
        append(chatId, [done.question, done.answer]);
        setPending(null);
        setCompleted(done.answer.content);
      } catch (error) {
        const code = abort.signal.aborted ? 'aborted' : error instanceof ChatStreamError || error instanceof ApiError ? error.code : 'internal_error';
        setPending((current) => (current && current.chatId === chatId ? { ...current, status: code === 'aborted' ? 'stopped' : 'failed', error: code } : current));
        void refresh(chatId);
      } finally {
        controller.current = null;
      }
    },
    [conversationId, chatId, pending, append, refresh],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { pending, completed, ask, stop, streaming: pending?.status === 'streaming' };
}
