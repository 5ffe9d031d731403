/**
 * Browser figures of `palabre bench editor`: Debian's Chromium (never downloaded), headless, driven
 * by Playwright, on the bench server over loopback. Times are taken inside the pages (editor-probes.ts).
 * - open: navigation start → the editor ready and a turn editable (and that frame painted);
 * - typing: keydown → the character in the DOM → painted, in a turn in the middle of the document,
 *   audio paused, then again with the player playing;
 * - remote: a keystroke in page A → the character painted in page B (two browser contexts of one
 *   browser; absolute times are timeOrigin + the page clock, one clock for both pages).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  allKeysPainted,
  caretIsIn,
  domCounts,
  installReadyProbe,
  installRemoteProbe,
  installTypingProbe,
  isPainted,
  keyInDom,
  lengthPainted,
  playerState,
  readyState,
  scrollTranscript,
  startPlayer,
  turnsNearMiddle,
  type ProbeState,
} from './editor-probes.ts';

// The e2e tests' flags, plus what keeps timers, frames and audio going in pages nobody looks at.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

export interface Session {
  url: string;
  organizationId: string;
  tokens: { auth_token: string; refresh_token: string; user_id: string };
}

export async function launchChromium(executablePath: string): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

/** A context signed in as the web client stores a session (cookies), with the ready probe in every page. */
export async function signedInContext(browser: Browser, session: Session): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: session.url, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  const url = session.url.replace(/\/$/, '');
  const cookies = [
    { name: 'authToken', value: session.tokens.auth_token },
    { name: 'userId', value: session.tokens.user_id },
    { name: 'cm_orga_scope', value: session.organizationId },
  ];
  await context.addCookies(cookies.map((c) => ({ ...c, url, sameSite: 'Lax' as const })));
  await context.addCookies([{ name: 'refreshToken', value: session.tokens.refresh_token, url: `${url}/cm-api/auth`, httpOnly: true, sameSite: 'Strict' }]);
  await context.addInitScript(installReadyProbe);
  return context;
}

const state = async (page: Page): Promise<ProbeState> => (await page.evaluate(readyState))!;

export interface OpenSample {
  ready: number;
  painted: number;
  /** Turns and words in the DOM once ready (what virtualisation keeps rendered). */
  turns: number;
  words: number;
  elements: number;
  /** DOMContentLoaded (ms since navigation start): the page's scripts have run; the rest is the editor's route, sync and paint. */
  scriptsLoaded: number;
  /** The editor's own marks (ms since navigation start): join sent, answered, document applied. */
  marks: Record<string, number>;
}

/** Opens the editor in a new page; resolves once it is interactive and painted. */
export async function openEditor(context: BrowserContext, conversationId: string, timeout = 60_000): Promise<{ page: Page; sample: OpenSample }> {
  const page = await context.newPage();
  await page.goto(`/interface/conversations/${conversationId}/transcription`, { waitUntil: 'commit', timeout });
  try {
    await page.waitForFunction(isPainted, null, { timeout, polling: 50 });
  } catch (error) {
    const shot = `/tmp/palabre-bench-editor-${Date.now()}.png`;
    await page.screenshot({ path: shot }).catch(() => undefined);
    throw new Error(`the editor did not become interactive within ${timeout / 1000} s (screenshot: ${shot}): ${(error as Error).message.split('\n')[0]}`);
  }
  const probe = await state(page);
  const counts = await page.evaluate(domCounts);
  const marks = await page.evaluate(() => Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, Math.round(m.startTime)])));
  return { page, sample: { ready: probe.ready!, painted: probe.painted!, ...counts, marks } };
}

/**
 * Scrolls the transcript (its scrolling ancestor, or the window) to `scrollTop`, by default to the
 * middle of the document; answers the rendered turns nearest the middle of the view, with their
 * scroll position, so a second page can show the same ones.
 */
export async function scrollToMiddle(page: Page, scrollTop?: number): Promise<{ scrollTop: number; turnIds: string[] }> {
  const position = await page.evaluate(scrollTranscript, scrollTop ?? null);
  // The list renders what came into view on the next frames.
  await sleep(800);
  const turnIds = await page.evaluate(turnsNearMiddle);
  return { scrollTop: position, turnIds };
}

/** Clicks a word in the middle of a turn (seeks there, puts the caret in the word); checks the caret is in that turn's text. */
export async function caretInTurn(page: Page, turnId: string): Promise<void> {
  const words = page.locator(`[data-turn-id="${turnId}"] span[data-wid]`);
  const count = await words.count();
  const word = words.nth(Math.floor(count / 2));
  await word.scrollIntoViewIfNeeded();
  const box = await word.boundingBox();
  if (!box) throw new Error(`word of turn ${turnId} not visible`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  if (!(await page.evaluate(caretIsIn, turnId))) throw new Error(`a click on a word of turn ${turnId} did not put the caret in its text`);
}

/** One frame at 60 Hz. */
export const FRAME_MS = 1000 / 60;

const letter = (i: number) => String.fromCharCode(97 + (i % 26));

export interface KeySample {
  dom: number;
  painted: number;
  /**
   * Typing only: the character was in the DOM within one frame interval (16.7 ms at 60 Hz) of the
   * keydown and before the first frame after it was drawn, i.e. that frame showed it.
   */
  oneFrame?: boolean;
}

/** Types `count` letters, one every `gapMs`, into the turn the caret is in; answers keydown → DOM and → painted per keystroke. */
export async function typeAndMeasure(page: Page, turnId: string, count: number, gapMs: number): Promise<{ samples: KeySample[]; lost: number }> {
  await page.evaluate(installTypingProbe, turnId);
  for (let i = 0; i < count; i++) {
    await page.keyboard.press(letter(i));
    await sleep(gapMs);
  }
  await page.waitForFunction(allKeysPainted, null, { timeout: 5000 }).catch(() => undefined);
  const { keys } = await state(page);
  const samples = keys
    .filter((k) => k.dom !== null && k.painted !== null)
    .map((k) => ({ dom: k.dom! - k.down, painted: k.painted! - k.down, oneFrame: k.firstFrame !== null && k.dom! <= k.firstFrame && k.dom! - k.down <= FRAME_MS }));
  return { samples, lost: count - samples.length };
}

/** Starts the page's player at a word of the turn; answers where it starts, null when the page has none. */
export async function play(page: Page, turnId: string): Promise<number | null> {
  return page.evaluate(startPlayer, turnId);
}

export async function playerPosition(page: Page): Promise<{ time: number; paused: boolean } | null> {
  return page.evaluate(playerState);
}

/**
 * A keystroke in `writer` painted in `watcher`, `count` times: each keystroke waits until the
 * watcher shows it (or 10 s), then a short pause. Stops early after `deadlineMs` or five keystrokes
 * in a row that never showed. Answers the latencies (ms) and how many keystrokes never showed.
 */
export async function remoteMeasure(
  writer: Page,
  watcher: Page,
  turnId: string,
  options: { count: number; gapMs: number; deadlineMs: number },
): Promise<{ samples: KeySample[]; lost: number; typed: number }> {
  const { count, gapMs } = options;
  const deadline = performance.now() + options.deadlineMs;
  await watcher.evaluate(installRemoteProbe, turnId);
  await writer.evaluate(installTypingProbe, turnId);
  const writerOrigin = await writer.evaluate(() => performance.timeOrigin);
  let lost = 0;
  let inARow = 0;
  let typed = 0;
  for (let i = 0; i < count && inARow < 5 && performance.now() < deadline; i++) {
    typed += 1;
    await writer.keyboard.press(letter(i));
    const expected = await writer
      .waitForFunction(keyInDom, i, { timeout: 5000, polling: 10 })
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    const shown =
      expected !== null &&
      (await watcher
        .waitForFunction(lengthPainted, expected, { timeout: 10_000, polling: 10 })
        .then(() => true)
        .catch(() => false));
    if (shown) inARow = 0;
    else {
      lost += 1;
      inARow += 1;
    }
    await sleep(gapMs);
  }
  const keys = (await state(writer)).keys;
  const { lengths } = await state(watcher);
  const samples: KeySample[] = [];
  for (const key of keys) {
    const seen = lengths[key.expected];
    if (!seen || seen.painted === null) continue;
    const down = writerOrigin + key.down;
    samples.push({ dom: seen.dom - down, painted: seen.painted - down });
  }
  return { samples, lost, typed };
}
