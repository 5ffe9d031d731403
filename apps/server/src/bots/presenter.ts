/** Row → API shape of a bot. */
import type { Bot } from '@palabre/shared';
import type { BotRow } from './repo.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function presentBot(row: BotRow): Bot {
  return {
    _id: row.id,
    organizationId: row.organizationId,
    sessionId: row.sessionId,
    channelId: row.channelId,
    serviceType: row.serviceType,
    url: row.url,
    subtitleLanguage: row.subtitleLanguage,
    displaySubtitles: row.displaySubtitles,
    displayName: row.displayName,
    status: row.status,
    error: row.error ?? null,
    created: row.createdAt.toISOString(),
    joinedAt: iso(row.joinedAt),
    leftAt: iso(row.leftAt),
  };
}
