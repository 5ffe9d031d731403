/**
 * Conversations with a media's transcript (docs/reports.md). A chat exists for its owner only.
 * Listing, reading, renaming and deleting need the read right on the media (and, to rename or delete,
 * a request not made with a read-only API key); starting one and asking
 * need the organization's generate-summary permission (`aiGenerationAccess(…, 'chat')`) and a usable
 * AI profile. The answer streams (`ask` writes the event stream); the question is saved first, the
 * answer when it ends, or with what came and its error when the provider fails or the client leaves.
 */
import { ChatModelError, streamChat } from '@palabre/engines';
import { CHAT_LIMITS, type AiFailure, type Chat, type ChatMessage, type Citation, type zCreateChatBody } from '@palabre/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { usableAiProfile, type UsableAiProfile } from '../ai-profiles/resolve.ts';
import { requireWriteOwn } from '../api-keys/read-only.ts';
import type { AppContext } from '../context.ts';
import { enforceMediaAccess } from '../conversations/access.ts';
import { conversationsRepo, type MediaFacts } from '../conversations/repo.ts';
import { rightOn } from '../conversations/service.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { openEventStream } from '../http/event-stream.ts';
import { aiGenerationAccess, reportAccess } from '../policy.ts';
import { organizationFacts } from '../sessions/access.ts';
import { requireTranscript } from '../transcript/patch.ts';
import { buildPrompt, promptLanguage } from './prompt.ts';
import { presentChat, presentMessage } from './presenter.ts';
import { chatsRepo, type ChatRow } from './repo.ts';
import { citedIds, excerptOf } from './retrieval.ts';
import type { LabelledTurn } from './retrieval.ts';

type CreateChatBody = z.output<typeof zCreateChatBody>;

/** Per attempt: until the first chunk, then between chunks. */
const MODEL_TIMEOUT_MS = 60_000;
/** Words of the first question that make a chat's title when it was given none. */
const TITLE_WORDS = 8;

const notConfigured = () => new AppError('ai_not_configured', 'No AI profile is configured for this organization: a conversation with the transcript needs one');

/** The media when the caller may read it, with their right on it. */
async function readable(ctx: AppContext, actor: Actor, id: string): Promise<{ media: MediaFacts; right: number }> {
  const media = await conversationsRepo.facts(ctx.db, id);
  if (!media) throw notFound('Conversation');
  const right = await rightOn(ctx, actor, media);
  enforceMediaAccess(reportAccess(right, false));
  return { media, right };
}

/** Whether the caller may chat about this media (the organization's generate-summary permission). */
async function mayChat(ctx: AppContext, actor: Actor, media: MediaFacts, right: number): Promise<boolean> {
  const facts = await organizationFacts(ctx, actor, media.organizationId);
  return facts !== null && aiGenerationAccess(facts.level, facts.org, right, 'chat', actor.cap) === 'allowed';
}

async function requireMayChat(ctx: AppContext, actor: Actor, media: MediaFacts, right: number): Promise<void> {
  if (!(await mayChat(ctx, actor, media, right))) {
    throw new AppError('no_organization_rights', 'You do not have the rights to do this in this organization');
  }
}

/** The profile a chat uses: its own while it is still usable here, else the organization's default. */
async function profileFor(ctx: AppContext, media: MediaFacts, chosen: string | null | undefined): Promise<UsableAiProfile> {
  let profile: UsableAiProfile | null = null;
  if (chosen) {
    try {
      profile = await usableAiProfile(ctx, media.organizationId, chosen);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'not_found')) throw error;
    }
  }
  profile ??= await usableAiProfile(ctx, media.organizationId);
  if (!profile) throw notConfigured();
  return profile;
}

async function mine(ctx: AppContext, actor: Actor, media: MediaFacts, chatId: string): Promise<ChatRow> {
  const chat = await chatsRepo.mine(ctx.db, media.id, actor.user.id, chatId);
  if (!chat) throw notFound('Chat');
  return chat;
}

export async function list(ctx: AppContext, actor: Actor, id: string): Promise<{ chats: Chat[]; available: boolean }> {
  const { media, right } = await readable(ctx, actor, id);
  const [rows, allowed, profile] = await Promise.all([
    chatsRepo.list(ctx.db, media.id, actor.user.id),
    mayChat(ctx, actor, media, right),
    usableAiProfile(ctx, media.organizationId),
  ]);
  return { chats: rows.map(presentChat), available: allowed && profile !== null };
}

export async function create(ctx: AppContext, actor: Actor, id: string, body: CreateChatBody): Promise<Chat> {
  const { media, right } = await readable(ctx, actor, id);
  await requireMayChat(ctx, actor, media, right);
  // A profile asked for must be usable here (else not found); without one, the default.
  const profile = await usableAiProfile(ctx, media.organizationId, body.profileId);
  if (!profile) throw notConfigured();
  if ((await chatsRepo.count(ctx.db, media.id, actor.user.id)) >= CHAT_LIMITS.chatsPerMedia) {
    throw new AppError('conflict', `You already have ${CHAT_LIMITS.chatsPerMedia} conversations about this media: delete one to start another`);
  }
  const row = await chatsRepo.insert(ctx.db, {
    conversationId: media.id,
    userId: actor.user.id,
    aiProfileId: profile.id,
    profileName: profile.name,
    title: body.title ?? '',
  });
  return presentChat(row);
}

export async function get(ctx: AppContext, actor: Actor, id: string, chatId: string): Promise<Chat & { messages: ChatMessage[] }> {
  const { media } = await readable(ctx, actor, id);
  const chat = await mine(ctx, actor, media, chatId);
  const messages = await chatsRepo.messages(ctx.db, chat.id);
  return { ...presentChat(chat), messages: messages.map(presentMessage) };
}

export async function rename(ctx: AppContext, actor: Actor, id: string, chatId: string, title: string): Promise<Chat> {
  const { media } = await readable(ctx, actor, id);
  const chat = await mine(ctx, actor, media, chatId);
  requireWriteOwn(actor);
  return presentChat(await chatsRepo.update(ctx.db, chat.id, { title }));
}

export async function remove(ctx: AppContext, actor: Actor, id: string, chatId: string): Promise<void> {
  const { media } = await readable(ctx, actor, id);
  const chat = await mine(ctx, actor, media, chatId);
  requireWriteOwn(actor);
  await chatsRepo.remove(ctx.db, chat.id);
}

/** The first words of a question, as a title. */
export function titleOf(question: string): string {
  const words = question.trim().split(/\s+/);
  const title = words.slice(0, TITLE_WORDS).join(' ') + (words.length > TITLE_WORDS ? '…' : '');
  return title.length > CHAT_LIMITS.title ? `${title.slice(0, CHAT_LIMITS.title - 1)}…` : title;
}

/** The cited turn ids that exist, as citations (unknown ids dropped). */
export function citationsOf(answer: string, turns: ReadonlyMap<string, LabelledTurn>): Citation[] {
  return citedIds(answer)
    .map((cited) => turns.get(cited))
    .filter((turn): turn is LabelledTurn => turn !== undefined)
    .map((turn) => ({ turnId: turn.turnId, start: turn.start, end: turn.end, speaker: turn.speaker, excerpt: excerptOf(turn.text) }));
}

/** Why a streamed answer ended early, as saved with it and sent in the `error` event. */
function failureOf(error: unknown, disconnected: boolean): AiFailure {
  if (disconnected) return { code: 'stopped', message: 'The answer was stopped before it ended' };
  if (error instanceof ChatModelError) {
    return error.code === 'model_unavailable'
      ? { code: 'model_unavailable', message: 'The model provider is unavailable for now: try again in a moment' }
      : { code: 'model_error', message: 'The model provider refused the request' };
  }
  return { code: 'internal', message: 'The answer could not be completed' };
}

/**
 * Asks a question: every check first (as a JSON error), then the answer streams on the reply as
 * `delta` events, then `done` with both saved messages, or `error`.
 */
export async function ask(ctx: AppContext, actor: Actor, id: string, chatId: string, question: string, reply: FastifyReply): Promise<void> {
  const { media, right } = await readable(ctx, actor, id);
  const chat = await mine(ctx, actor, media, chatId);
  await requireMayChat(ctx, actor, media, right);
  requireTranscript(media);
  const profile = await profileFor(ctx, media, chat.aiProfileId);
  const earlier = await chatsRepo.messages(ctx.db, chat.id);
  if (earlier.length + 2 > CHAT_LIMITS.messagesPerChat) {
    throw new AppError('conflict', `This conversation has reached ${CHAT_LIMITS.messagesPerChat} messages: start a new one`);
  }
  const [transcript, row] = await Promise.all([ctx.documents.read(media.id), conversationsRepo.byIdWithoutTranscript(ctx.db, media.id)]);
  if (!transcript || !row) throw new AppError('conflict', 'This media has no transcript yet');
  const language = promptLanguage(row.language ?? row.requestedLanguage);
  const prompt = buildPrompt({
    mediaName: row.name,
    language,
    transcript,
    history: earlier.map((message) => ({ role: message.role, content: message.content })),
    question,
    contextTokens: profile.model.contextTokens,
  });

  const saved = await chatsRepo.insertMessage(ctx.db, { chatId: chat.id, role: 'user', content: question });
  await chatsRepo.update(ctx.db, chat.id, chat.title === '' ? { title: titleOf(question) } : {});

  const stream = openEventStream(reply);
  let answer = '';
  let failure: AiFailure | null = null;
  try {
    const deltas = streamChat(profile.model, prompt.messages, {
      fetch: profile.fetch,
      signal: stream.closed,
      timeoutMs: MODEL_TIMEOUT_MS,
      maxTokens: prompt.answerTokens,
    });
    for await (const text of deltas) {
      answer += text;
      stream.send('delta', { text });
    }
  } catch (error) {
    failure = failureOf(error, stream.closed.aborted);
    if (!stream.closed.aborted && !(error instanceof ChatModelError)) ctx.log.error({ err: error, chatId: chat.id }, 'a chat answer failed');
  }
  try {
    const stored = await chatsRepo.insertMessage(ctx.db, {
      chatId: chat.id,
      role: 'assistant',
      content: answer,
      citations: citationsOf(answer, prompt.turns),
      error: failure,
    });
    await chatsRepo.update(ctx.db, chat.id);
    if (failure) stream.send('error', { code: failure.code, message: failure.message });
    else stream.send('done', { question: presentMessage(saved), answer: presentMessage(stored) });
  } catch (error) {
    ctx.log.error({ err: error, chatId: chat.id }, 'a chat answer could not be saved');
    stream.send('error', { code: 'internal_error', message: 'The answer could not be saved' });
  } finally {
    stream.end();
  }
}
