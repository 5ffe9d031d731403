/**
 * Videoconference bot calls (docs/meetings.md): a channel's bots, sending one, making it leave. Bot
 * notices (session notices of kind `bot`) update the channel's list at once, then refresh it.
 */
import { API, sessionUpdateEvent, type Bot, type BodyInput, type SessionUpdate } from '@palabre/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { useOrganizationNotices } from '../realtime/organizationNotices.ts';
import { applyBotNotice, isBotActive } from './status.ts';

export type { Bot } from '@palabre/shared';

const ACTIVE_REFRESH_MS = 15_000;

export const botKeys = {
  all: ['bots'] as const,
  channel: (channelId: string) => ['bots', channelId] as const,
};

export function useBots(organizationId: string, channelId: string, enabled = true) {
  return useQuery({
    queryKey: botKeys.channel(channelId),
    queryFn: async ({ signal }): Promise<Bot[]> => (await call(API.meetings.bots, { params: { id: organizationId }, query: { channelId }, signal })).bots,
    enabled,
    // The notices say when a bot's status changes; a slow look while one is joining or in its call
    // covers a socket that is down.
    refetchInterval: (query) => (query.state.data?.some((bot) => isBotActive(bot.status)) ? ACTIVE_REFRESH_MS : false),
  });
}

/** Follows a channel's bots from the organization's session notices (kind `bot`) while mounted, and refetches them once in the room. */
export function useBotNotices(organizationId: string, channelId: string) {
  const client = useQueryClient();
  const refresh = () => void client.invalidateQueries({ queryKey: botKeys.channel(channelId) });
  useOrganizationNotices<SessionUpdate>(
    organizationId,
    sessionUpdateEvent,
    (update) => {
      if (update.kind !== 'bot' || update.bot?.channelId !== channelId) return;
      const notice = update.bot;
      client.setQueryData<Bot[]>(botKeys.channel(notice.channelId), (bots) => bots && applyBotNotice(bots, notice));
      // Times (joined, left) and bots sent from elsewhere come with the list itself.
      refresh();
    },
    // Once in the room: status changes made before the join.
    refresh,
  );
}

export type BotInput = BodyInput<typeof API.meetings.createBot>;

export function createBot(organizationId: string, body: BotInput) {
  return call(API.meetings.createBot, { params: { id: organizationId }, body });
}

export function useCreateBot(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BotInput) => createBot(organizationId, body),
    onSuccess: (bot) => client.invalidateQueries({ queryKey: botKeys.channel(bot.channelId) }),
  });
}

export function useRemoveBot(organizationId: string, channelId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (botId: string) => call(API.meetings.removeBot, { params: { id: organizationId, botId } }),
    onSettled: () => client.invalidateQueries({ queryKey: botKeys.channel(channelId) }),
  });
}
