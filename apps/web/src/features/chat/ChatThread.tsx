/**
 * One chat: its messages (questions, answers with their citations and, for an answer cut short,
 * why), the answer streaming in, and the question box (Enter sends, Shift+Enter starts a new line;
 * Stop ends the answer). A screen reader hears the answer once it is complete, not every word.
 */
import { Alert, Button, Group, Loader, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { CHAT_LIMITS, markdownToText, parseMarkdown, type AiFailure, type ChatMessage } from '@palabre/shared';
import { IconPlayerStop, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerView } from './AnswerView.tsx';
import classes from './Chat.module.css';
import { useAsk, type PendingAnswer } from './useAsk.ts';

/** The text of an answer's failure (a saved one's `error`, or the stream's code). */
function useFailureText() {
  const { t } = useTranslation(['chat', 'common']);
  return (code: string) => t(`chat:failure.${code}`, { defaultValue: t(`common:apiError.${code}`, { defaultValue: t('common:apiError.internal_error') }) });
}

function Question({ text }: { text: string }) {
  const { t } = useTranslation('chat');
  return (
    <div className={classes.question} data-testid="chat-question">
      <VisuallyHidden>{t('thread.you')}</VisuallyHidden>
      <Text size="sm">{text}</Text>
    </div>
  );
}

function Answer({ content, citations, error, busy }: Pick<ChatMessage, 'content' | 'citations'> & { error: AiFailure | { code: string } | null; busy?: boolean }) {
  const { t } = useTranslation('chat');
  const failure = useFailureText();
  return (
    <div className={classes.answer} aria-busy={busy ?? false} data-testid="chat-answer">
      <VisuallyHidden>{t('thread.answer')}</VisuallyHidden>
      {content ? <AnswerView content={content} citations={citations} /> : null}
      {busy && (
        <Group gap={6} mt={content ? 4 : 0}>
          <Loader size="xs" type="dots" aria-hidden />
          <Text size="xs" c="dimmed">
            {t('thread.answering')}
          </Text>
        </Group>
      )}
      {error && (
        <Text size="xs" c={error.code === 'aborted' || error.code === 'stopped' ? 'dimmed' : 'red'} mt={4} data-testid="chat-answer-error" data-error={error.code}>
          {failure(error.code)}
        </Text>
      )}
    </div>
  );
}

/** What of a pending answer is still not among the chat's messages. */
function unsaved(pending: PendingAnswer | null, count: number) {
  if (!pending) return { question: false, answer: false };
  if (pending.status === 'streaming') return { question: true, answer: true };
  return { question: count < pending.before + 1, answer: count < pending.before + 2 };
}

export function ChatThread({ conversationId, chatId, messages }: { conversationId: string; chatId: string; messages: readonly ChatMessage[] }) {
  const { t } = useTranslation('chat');
  const { pending, completed, ask, stop, streaming } = useAsk(conversationId, chatId);
  const [question, setQuestion] = useState('');
  const end = useRef<HTMLDivElement>(null);
  const shown = unsaved(pending, messages.length);
  const full = messages.length + 2 > CHAT_LIMITS.messagesPerChat;

  // The newest message stays in view while the answer comes.
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [messages.length, pending?.answer]);

  const send = () => {
    const text = question.trim();
    if (!text || streaming || full) return;
    setQuestion('');
    void ask(text, messages.length);
  };

  return (
    <Stack gap="sm">
      {/* Not a live region: it would read every streamed word aloud; the finished answer is announced below. */}
      <Stack gap="xs" component="section" aria-label={t('thread.messages')} data-testid="chat-messages">
        {messages.length === 0 && !pending && (
          <Text size="sm" c="dimmed">
            {t('thread.empty')}
          </Text>
        )}
        {messages.map((message) =>
          message.role === 'user' ? (
            <Question key={message._id} text={message.content} />
          ) : (
            <Answer key={message._id} content={message.content} citations={message.citations} error={message.error} />
          ),
        )}
        {pending && shown.question && <Question text={pending.question} />}
        {pending && shown.answer && <Answer content={pending.answer} citations={[]} error={pending.error ? { code: pending.error } : null} busy={pending.status === 'streaming'} />}
        <div ref={end} />
      </Stack>
      <VisuallyHidden aria-live="polite" data-testid="chat-announce">
        {completed !== null ? t('thread.answered', { text: markdownToText(parseMarkdown(completed)) }) : ''}
      </VisuallyHidden>
      {full ? (
        <Alert color="gray">{t('thread.full')}</Alert>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Stack gap={6}>
            <Textarea
              label={t('thread.question')}
              description={t('thread.questionHint')}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={CHAT_LIMITS.question}
              value={question}
              onChange={(event) => setQuestion(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                  event.preventDefault();
                  send();
                }
              }}
              data-autofocus
              data-testid="chat-question-input"
            />
            <Group justify="flex-end">
              {streaming ? (
                <Button variant="default" leftSection={<IconPlayerStop size={16} aria-hidden />} onClick={stop} data-testid="chat-stop">
                  {t('thread.stop')}
                </Button>
              ) : (
                <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} disabled={!question.trim()} data-testid="chat-send">
                  {t('thread.send')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
