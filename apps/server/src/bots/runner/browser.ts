/**
 * The one Chromium of a bot: headless, no GPU, a small window, at most two renderers, audio muted
 * on the machine (the tap reads it inside the page), media permissions answered without a prompt
 * (and refused by the tap: the bot has no devices), every connection through the outbound-policy
 * proxy of the runner. It runs under `setpriv --pdeathsig KILL`
 * through a tiny wrapper script, so it dies with the runner even when the runner is killed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { withParentDeath } from '../../process/children.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--renderer-process-limit=2',
  '--window-size=800,600',
  '--disable-dev-shm-usage',
  '--disable-extensions',
  // No crash reporter: it would run as a daemon of its own, outside the bot's process tree.
  '--disable-breakpad',
  '--disable-crash-reporter',
] as const;

/**
 * Every connection of the page (pages, scripts, WebSockets; loopback addresses included, which
 * Chromium would otherwise reach directly) goes through the outbound-policy proxy.
 */
export function proxyArgs(proxyUrl: string): string[] {
  return [`--proxy-server=${proxyUrl}`, '--proxy-bypass-list=<-loopback>'];
}

const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

export interface LaunchedBrowser {
  browser: Browser;
  close(): Promise<void>;
}

export async function launchChromium(chromiumPath: string, proxyUrl: string): Promise<LaunchedBrowser> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bot-'));
  const [program, args] = withParentDeath(chromiumPath, []);
  const wrapper = path.join(dir, 'chromium');
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec ${[program, ...args].map(quote).join(' ')} "$@"\n`, { mode: 0o700 });
  try {
    const browser = await chromium.launch({ executablePath: wrapper, headless: true, args: [...CHROMIUM_ARGS, ...proxyArgs(proxyUrl)], timeout: 30_000 });
    return {
      browser,
      async close() {
        await Promise.race([browser.close().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 5_000))]);
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
