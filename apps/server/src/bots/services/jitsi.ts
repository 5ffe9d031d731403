/**
 * Jitsi Meet. The join address carries the documented URL-hash configuration: no pre-join page,
 * microphone and camera muted from the start, the bot's display name. The page's `APP` object
 * says when the conference is joined and how many are in it; captions go to the chat (the
 * conference's text messages).
 */
import { JoinFailed, waitInPage, type MeetingService } from './types.ts';

interface JitsiWindow {
  APP?: {
    conference?: {
      isJoined?: () => boolean;
      membersCount?: number;
      _room?: { sendTextMessage?: (text: string) => void; getParticipants?: () => unknown[] };
    };
  };
}

/** The URL-hash settings of a muted, named bot without the pre-join screen (values are JSON). */
export function jitsiHash(displayName: string): string {
  const settings: Array<[string, unknown]> = [
    ['config.prejoinConfig.enabled', false],
    ['config.prejoinPageEnabled', false],
    ['config.startWithAudioMuted', true],
    ['config.startWithVideoMuted', true],
    ['config.startAudioOnly', true],
    ['config.disableInitialGUM', true],
    ['userInfo.displayName', displayName],
  ];
  return settings.map(([key, value]) => `${key}=${encodeURIComponent(JSON.stringify(value))}`).join('&');
}

export const jitsi: MeetingService = {
  joinUrl(url, displayName) {
    const address = new URL(url);
    // Settings already in the link stay; the bot's come after and win.
    const existing = address.hash.replace(/^#/, '');
    address.hash = existing ? `${existing}&${jitsiHash(displayName)}` : jitsiHash(displayName);
    return address.href;
  },
  async join(page, signal) {
    const joined = await waitInPage(page, () => (globalThis as unknown as JitsiWindow).APP?.conference?.isJoined?.() === true, signal);
    if (!joined) throw new JoinFailed('join_failed', 'The conference was not joined (lobby, password or an unknown page)');
  },
  participants: (page) =>
    page
      .evaluate(() => {
        const conference = (globalThis as unknown as JitsiWindow).APP?.conference;
        const others = conference?._room?.getParticipants?.();
        if (Array.isArray(others)) return others.length;
        return typeof conference?.membersCount === 'number' ? Math.max(0, conference.membersCount - 1) : null;
      })
      .catch(() => null),
  async postCaption(page, text) {
    await page.evaluate((message) => (globalThis as unknown as JitsiWindow).APP?.conference?._room?.sendTextMessage?.(message), text);
  },
};
