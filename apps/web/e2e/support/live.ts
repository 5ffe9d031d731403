/** Live sessions in e2e tests: a phone-sized anonymous viewer, the organization's PocketSphinx profile, and an encoder sending a file. */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Browser } from '@playwright/test';
import type { Api } from './api.ts';

export const PHONE = { width: 390, height: 844 };

type Locale = 'en-US' | 'fr-FR';

/** A browser context without an account, as a distinct client; a phone (touch, mobile) unless a viewport is given. */
export async function anonymousPage(browser: Browser, baseURL: string, clientIp: string, options: { locale?: Locale; viewport?: { width: number; height: number } } = {}) {
  const phone = !options.viewport;
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? PHONE,
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    extraHTTPHeaders: { 'x-forwarded-for': clientIp },
  });
  if (options.locale) await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), options.locale);
  return { context, page: await context.newPage() };
}

/** An organization's own PocketSphinx profile (English), translating to the given languages. */
export async function pocketsphinxProfile(api: Api, token: string, organizationId: string, translations: string[]): Promise<string> {
  const profile = await api.send<{ _id: string }>(
    'POST',
    '/cm-api/api/transcriber_profiles',
    { name: 'PocketSphinx live', type: 'pocketsphinx', languages: ['en'], translations, organizationId, config: {} },
    token,
  );
  return profile._id;
}

/** An encoder: ffmpeg sending a file at its real pace to an RTMP address (audio in AAC, FLV), once or over and over. */
export function sendOverRtmp(file: string, address: string, options: { loop?: boolean } = {}): { process: ChildProcess; ended: Promise<number | null>; stop(): void } {
  const input = [...(options.loop ? ['-stream_loop', '-1'] : []), '-re', '-i', file];
  const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...input, '-c:a', 'aac', '-f', 'flv', address], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    process: child,
    ended: ended.then((code) => {
      if (code !== 0 && code !== null) process.stderr.write(`ffmpeg exited with ${code}: ${errors}\n`);
      return code;
    }),
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
