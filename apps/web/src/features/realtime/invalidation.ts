/**
 * Which cached queries a media notice makes stale: the media's own queries (its detail, and what hangs
 * under it: peaks, tags), and the media lists when what they show may have changed. The keys come
 * from the feature modules that own the queries, so a renamed key cannot leave a notice aimed at nothing.
 */
import type { ConversationUpdate } from '@palabre/shared';
import type { QueryClient } from '@tanstack/react-query';
import { burnKeys } from '../burn/api.ts';
import { conversationKeys } from '../conversations/api.ts';
import { exploreKeys, type ConversationPage } from '../explore/api.ts';
import { highlightKeys } from '../highlights/api.ts';
import { keywordKeys } from '../keywords/api.ts';
import { reportKeys } from '../reports/api.ts';

/**
 * Progress ticks arrive every half second while a media is processed: lists only refetch when one
 * shows that media with another status. Every other notice (created, updated, deleted) refreshes them.
 */
function listsShowChange(client: QueryClient, update: ConversationUpdate): boolean {
  if (update.kind !== 'progress') return true;
  if (!update.status) return false;
  return client
    .getQueriesData<ConversationPage>({ queryKey: exploreKeys.lists })
    .some(([, page]) => page?.list.some((item) => item._id === update.conversationId && item.status !== update.status));
}

export async function invalidateAfterUpdate(client: QueryClient, update: ConversationUpdate): Promise<void> {
  // A burn changes neither the media nor the lists: only its version's status, refetched when its
  // state moves (running ticks carry their progress, which the burn panel applies as they come).
  if (update.kind === 'burn') {
    if (update.subtitleId && update.burnState !== 'running') await client.invalidateQueries({ queryKey: burnKeys.status(update.conversationId, update.subtitleId) });
    return;
  }
  // Highlights change only the media's highlight list.
  if (update.kind === 'highlights') {
    await client.invalidateQueries({ queryKey: highlightKeys.list(update.conversationId) });
    return;
  }
  // The stored transcript changed: reports and keywords may now be outdated (the media itself, and
  // what the lists show of it, are told by their own notices).
  if (update.kind === 'transcript') {
    await Promise.all([
      client.invalidateQueries({ queryKey: reportKeys.all(update.conversationId) }),
      client.invalidateQueries({ queryKey: keywordKeys.of(update.conversationId) }),
    ]);
    return;
  }
  // A report's notice changes that report only; its progress ticks are applied from the notice itself
  // (applyReportNotice), so only a state that ends or starts a generation refetches it.
  if (update.kind === 'report') {
    if (update.reportKind && update.reportState !== 'generating') await client.invalidateQueries({ queryKey: reportKeys.one(update.conversationId, update.reportKind) });
    return;
  }
  // New keywords change the media's keywords and what the lists' keyword criterion finds, not the media.
  if (update.kind === 'keywords') {
    await Promise.all([client.invalidateQueries({ queryKey: keywordKeys.of(update.conversationId) }), client.invalidateQueries({ queryKey: exploreKeys.lists })]);
    return;
  }
  await Promise.all([
    client.invalidateQueries({ queryKey: conversationKeys.detail(update.conversationId) }),
    listsShowChange(client, update) ? client.invalidateQueries({ queryKey: exploreKeys.lists }) : undefined,
  ]);
}

/**
 * What the media notices of an organization may have made stale while this tab was not in its room
 * (before the join, while the socket was down): every media query lives under the conversations key
 * (details, what hangs under them, the lists), of which only those on screen refetch.
 */
export async function invalidateAfterWatch(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ queryKey: conversationKeys.all });
}
