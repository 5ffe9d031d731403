/**
 * Any other meeting page: opened as it is, nothing clicked; the bot hears whatever audio the page
 * plays (remote WebRTC tracks and media elements). In the call once some audio source plays; alone
 * when no remote audio track is live. No captions.
 */
import type { Page } from 'playwright-core';
import { JoinFailed, waitInPage, type MeetingService } from './types.ts';

interface TapWindow {
  __palabreTap?: { liveTracks(): number; sources(): number };
}

export const generic: MeetingService = {
  joinUrl: (url) => new URL(url).href,
  async join(page, signal) {
    const heard = await waitInPage(page, () => ((globalThis as unknown as TapWindow).__palabreTap?.sources() ?? 0) > 0, signal);
    if (!heard) throw new JoinFailed('no_audio', 'No audio source appeared on the page');
  },
  participants: (page: Page) => page.evaluate(() => (globalThis as unknown as TapWindow).__palabreTap?.liveTracks() ?? null).catch(() => null),
  postCaption: null,
};
