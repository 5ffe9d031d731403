/**
 * The DOM steps of the Jitsi Meet and BigBlueButton modules, in a real Chromium, against small
 * static pages shaped like their clients: joining, counting the others, posting a caption.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { bigBlueButtonService } from '../../src/bots/services/bigbluebutton.ts';
import { jitsi } from '../../src/bots/services/jitsi.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
});
afterAll(async () => {
  await browser?.close();
});

async function pageWith(html: string): Promise<Page> {
  const page = await browser.newPage();
  await page.setContent(html);
  return page;
}

/** Jitsi Meet's `APP` as its web client exposes it: joined after a moment, two others, text messages kept. */
const JITSI = `<!doctype html><html><body><div id="videoconference_page"></div><script>
  window.sent = [];
  let joined = false;
  setTimeout(() => { joined = true; }, 300);
  window.APP = { conference: {
    isJoined: () => joined,
    membersCount: 3,
    _room: { getParticipants: () => [{ id: 'a' }, { id: 'b' }], sendTextMessage: (text) => window.sent.push(text) },
  } };
</script></body></html>`;

/** BigBlueButton's HTML5 client: the audio dialog, the user list, the public chat. */
const BIGBLUEBUTTON = `<!doctype html><html><body>
  <div role="dialog" aria-label="How would you like to join the audio?">
    <button data-test="microphoneBtn" aria-label="Microphone">Microphone</button>
    <button data-test="listenOnlyBtn" aria-label="Listen only">Listen only</button>
  </div>
  <div id="users">
    <div data-test="userListItemCurrent">Palabre captions (You)</div>
    <div data-test="userListItem">Ada</div>
    <div data-test="userListItem">Grace</div>
  </div>
  <ul id="messages"></ul>
  <form id="chat"><textarea id="message-input" aria-label="Message Public chat"></textarea>
    <button type="submit" data-test="sendMessageButton" aria-label="Send message">Send</button></form>
  <script>
    document.querySelector('[data-test="listenOnlyBtn"]').addEventListener('click', () => {
      document.querySelector('[role="dialog"]').remove();
      setTimeout(() => {
        const leave = document.createElement('button');
        leave.setAttribute('data-test', 'leaveListenOnly');
        leave.setAttribute('aria-label', 'Leave audio');
        document.body.append(leave);
      }, 200);
    });
    document.getElementById('chat').addEventListener('submit', (event) => {
      event.preventDefault();
      const input = document.getElementById('message-input');
      const item = document.createElement('li');
      item.textContent = input.value;
      document.getElementById('messages').append(item);
      input.value = '';
    });
  </script>
</body></html>`;

describe('Jitsi Meet module', () => {
  it('waits for the conference, counts the others and posts captions as text messages', async () => {
    const page = await pageWith(JITSI);
    await jitsi.join(page, new AbortController().signal);
    expect(await jitsi.participants(page)).toBe(2);
    await jitsi.postCaption!(page, 'ask not what your country can do for you');
    expect(await page.evaluate(() => (globalThis as unknown as { sent: string[] }).sent)).toEqual(['ask not what your country can do for you']);
    await page.close();
  });

  it('cannot count on a page that is not Jitsi Meet', async () => {
    const page = await pageWith('<!doctype html><p>Nothing here</p>');
    expect(await jitsi.participants(page)).toBeNull();
    await page.close();
  });
});

describe('BigBlueButton module', () => {
  const service = bigBlueButtonService('Palabre captions');

  it('chooses listen only, counts the others and posts captions to the public chat', async () => {
    const page = await pageWith(BIGBLUEBUTTON);
    await service.join(page, new AbortController().signal);
    expect(await page.locator('[data-test="microphoneBtn"]').count()).toBe(0);
    expect(await service.participants(page)).toBe(2);
    await service.postCaption!(page, 'ne demandez pas');
    expect(await page.locator('#messages li').allTextContents()).toEqual(['ne demandez pas']);
    await page.close();
  });
});
