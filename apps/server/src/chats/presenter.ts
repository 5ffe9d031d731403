/** Conversations with a transcript as the API answers them. */
import type { Chat, ChatMessage } from '@palabre/shared';
import type { ChatMessageRow, ChatRow } from './repo.ts';

export function presentChat(row: ChatRow): Chat {
  return {
    _id: row.id,
    conversationId: row.conversationId,
    title: row.title,
    profileName: row.profileName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentMessage(row: ChatMessageRow): ChatMessage {
  return {
    _id: row.id,
    role: row.role,
    content: row.content,
    citations: row.citations,
    error: row.error ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
