/**
 * A videoconference bot's child process (started by bots/manager.ts with the server's node, low
 * priority, dying with the server). It opens the channel's stream on the ingest WebSocket, launches
 * one Chromium, joins the call through the service's module, taps the call's audio into the stream,
 * posts the captions it is sent, and leaves when asked, when alone for too long, when the session
 * takes no more audio, or when anything fails; it reports each step on its IPC channel.
 */
import type { BotError } from '@palabre/shared';
import type { Page } from 'playwright-core';
import { outboundPolicy } from '../../net/outbound.ts';
import { startPolicyProxy, type PolicyProxy } from '../../net/proxy.ts';
import { meetingService } from '../services/index.ts';
import { JoinFailed, type MeetingService } from '../services/types.ts';
import { launchChromium, type LaunchedBrowser } from './browser.ts';
import { openIngest, type IngestConnection } from './ingest.ts';
import { isManagerMessage, type RunnerMessage, type RunnerStart } from './protocol.ts';
import { installTap } from './tap.ts';

/** How often the call is looked at (participants, audio). */
const CHECK_MS = 2_000;
/** Leaving (closing the browser and the stream) takes at most this long. */
const LEAVE_LIMIT_MS = 7_000;
/** In the call, audio must reach the bot within this time. */
const FIRST_AUDIO_MS = 20_000;

let browser: LaunchedBrowser | null = null;
let proxy: PolicyProxy | null = null;
let ingest: IngestConnection | null = null;
let page: Page | null = null;
let service: MeetingService | null = null;
let leaving = false;
let inCall = false;
let timer: NodeJS.Timeout | null = null;
const joining = new AbortController();
let captions: Promise<void> = Promise.resolve();

function report(message: RunnerMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.connected) return resolve();
    process.send!(message, undefined, {}, () => resolve());
  });
}

/** Leaves the call and exits: `failed` with a code, or left (on request, or alone, or stopped). */
async function leave(error: BotError | null, failed: boolean): Promise<void> {
  if (leaving) return;
  leaving = true;
  // A browser that does not close in time is left to the death signal: the report goes anyway.
  setTimeout(() => void report({ type: 'left', error, failed }).then(() => process.exit(0)), LEAVE_LIMIT_MS).unref();
  joining.abort();
  if (timer) clearInterval(timer);
  await page?.close({ runBeforeUnload: false }).catch(() => undefined);
  await browser?.close();
  await proxy?.close().catch(() => undefined);
  ingest?.close();
  await report({ type: 'left', error, failed });
  process.exit(0);
}

async function run(start: RunnerStart): Promise<void> {
  try {
    ingest = await openIngest(start.ingestUrl, start.streamKey);
  } catch (error) {
    const code = error instanceof Error ? error.message : '';
    return leave(code === 'session_status' || code === 'not_found' ? 'stopped' : 'join_failed', true);
  }
  void ingest.closed.then((code) => leave(code === 1000 || code === 1001 ? 'stopped' : 'crashed', code !== 1000 && code !== 1001));

  try {
    // The page reaches only what the outbound policy allows, on every connection it makes.
    proxy = await startPolicyProxy(outboundPolicy({ outboundAllowedRanges: start.allowedRanges }));
    browser = await launchChromium(start.chromiumPath, proxy.url);
  } catch {
    return leave('crashed', true);
  }
  browser.browser.on('disconnected', () => void leave('crashed', true));
  const context = await browser.browser.newContext({ bypassCSP: true, viewport: { width: 800, height: 600 } });
  page = await context.newPage();
  page.on('crash', () => void leave('crashed', true));
  let lastAudio = 0;
  await page.exposeBinding('__palabreAudio', (_source, block: unknown) => {
    if (!inCall || typeof block !== 'string') return;
    lastAudio = Date.now();
    ingest?.send(Buffer.from(block, 'base64'));
  });
  await page.addInitScript(installTap);

  service = meetingService(start.service, start.displayName);
  try {
    const response = await page.goto(service.joinUrl(start.url, start.displayName), { waitUntil: 'domcontentloaded', timeout: 30_000 });
    // An error page (the policy proxy's refusal included) is no meeting.
    if (response && response.status() >= 400) return leave('unreachable', true);
  } catch {
    return leave('unreachable', true);
  }
  try {
    await service.join(page, joining.signal);
  } catch (error) {
    if (leaving) return;
    return leave(error instanceof JoinFailed ? error.code : 'join_failed', true);
  }
  if (leaving) return;
  inCall = true;
  const joinedAt = Date.now();
  await report({ type: 'in_call' });

  let aloneSince: number | null = null;
  timer = setInterval(() => {
    void (async () => {
      if (leaving || !page) return;
      const now = Date.now();
      if (lastAudio === 0 && now - joinedAt > FIRST_AUDIO_MS) return leave('no_audio', true);
      const others = await service!.participants(page);
      if (others === null || others > 0) aloneSince = null;
      else aloneSince ??= now;
      if (aloneSince !== null && now - aloneSince >= start.aloneSeconds * 1000) await leave('alone', false);
    })();
  }, CHECK_MS);
}

function postCaption(text: string): void {
  const post = service?.postCaption;
  if (!post || !page || !inCall || leaving) return;
  const target = page;
  // One at a time, in order; a caption that cannot be posted is skipped.
  captions = captions.then(() => post(target, text).catch(() => undefined));
}

process.on('message', (message: unknown) => {
  if (!isManagerMessage(message)) return;
  if (message.type === 'start') void run(message).catch(() => leave('crashed', true));
  else if (message.type === 'caption') postCaption(message.text);
  else void leave(null, false);
});
// The server went away without a word: nothing is left behind.
process.on('disconnect', () => void leave(null, false));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void leave(null, false));
