/**
 * BigBlueButton. Its join link opens the HTML5 client, which asks how to join audio: the bot
 * chooses "Listen only" (nothing is sent). Its public page's `data-test` attributes and labels find
 * the buttons, the participant list and the public chat box where captions are posted.
 */
import type { Page } from 'playwright-core';
import { JOIN_TIMEOUT_MS, JoinFailed, type MeetingService } from './types.ts';

/** The "Listen only" choice of the audio dialog, in the forms BigBlueButton's versions give it. */
export const LISTEN_ONLY = '[data-test="listenOnlyBtn"], button[aria-label="Listen only"], button[aria-label^="Listen only"]';
/** Shown once audio is joined listen-only (the button to leave it). */
export const LISTENING = '[data-test="leaveListenOnly"], [data-test="leaveAudio"], button[aria-label="Leave audio"]';
export const PARTICIPANT = '[data-test="userListItem"], [data-test="userListItemCurrent"]';
export const CHAT_INPUT = '#message-input, [data-test="chatInput"] textarea, textarea[aria-label^="Message"]';
export const CHAT_SEND = '[data-test="sendMessageButton"], button[aria-label="Send message"]';

/** Escapes a display name for a query parameter of a join link (the link's own is kept). */
export function bigBlueButtonJoinUrl(url: string, displayName: string): string {
  const address = new URL(url);
  // Greenlight rooms ask the name in a form; API join links may carry `fullName`: the bot's name is
  // set where the link allows it.
  if (address.searchParams.has('fullName')) address.searchParams.set('fullName', displayName);
  return address.href;
}

async function fillGreenlightName(page: Page, displayName: string): Promise<void> {
  const nameField = page.locator('input[name="name"], input#joinFormName, input[placeholder*="name" i]').first();
  if (await nameField.isVisible().catch(() => false)) {
    await nameField.fill(displayName);
    await page.locator('button[type="submit"], input[type="submit"], #room-join').first().click();
  }
}

export function bigBlueButtonService(displayName: string): MeetingService {
  return {
    joinUrl: bigBlueButtonJoinUrl,
    async join(page) {
      await fillGreenlightName(page, displayName).catch(() => undefined);
      const listenOnly = page.locator(LISTEN_ONLY).first();
      const asked = await listenOnly.waitFor({ timeout: JOIN_TIMEOUT_MS }).then(
        () => true,
        () => false,
      );
      if (!asked) throw new JoinFailed('join_failed', 'The audio choice of the meeting did not appear');
      await listenOnly.click();
      const listening = await page
        .locator(LISTENING)
        .first()
        .waitFor({ timeout: 30_000 })
        .then(
          () => true,
          () => false,
        );
      if (!listening) throw new JoinFailed('join_failed', 'Listen-only audio was not joined');
    },
    participants: (page) =>
      page
        .locator(PARTICIPANT)
        .count()
        .then((count) => (count > 0 ? Math.max(0, count - 1) : null))
        .catch(() => null),
    async postCaption(page, text) {
      const input = page.locator(CHAT_INPUT).first();
      await input.fill(text);
      const send = page.locator(CHAT_SEND).first();
      if (await send.isVisible().catch(() => false)) await send.click();
      else await input.press('Enter');
    },
  };
}
