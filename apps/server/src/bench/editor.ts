/**
 * `palabre bench editor`: the transcript editor on a three-hour media. Starts its own server (a
 * child process, editor-server.ts), makes the audio and seeds the media (editor-seed.ts), measures
 * the server through the collaboration socket (editor-server-figures.ts), then the editor in
 * Chromium (editor-browser.ts), prints the tables and with --write updates docs/PERFORMANCE.md.
 * Everything it starts stops with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createTranscriptDoc } from '@palabre/shared/collab';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import * as Y from 'yjs';
import { BenchClient } from './api.ts';
import { drainDocument } from './editor-client.ts';
import { caretInTurn, launchChromium, openEditor, play, playerPosition, remoteMeasure, scrollToMiddle, signedInContext, typeAndMeasure, type Session } from './editor-browser.ts';
import { editorMarkdown, editorText, type EditorResults } from './editor-report.ts';
import { probeDuration, quietAudio } from './editor-seed.ts';
import { measureCpu, measureMemory } from './editor-server-figures.ts';
import { EditorServer } from './editor-server.ts';
import { machine, today, writeSection } from './report.ts';
import { syntheticTranscript } from './synthetic-transcript.ts';

export interface EditorBenchOptions {
  /** Editor opens measured (after one warm-up open). */
  runs: number;
  keystrokes: number;
  remoteEdits: number;
  /** Documents joined at once for the memory figure. */
  documents: number;
  /** Edits per second, and for how long, for the CPU figure. */
  rate: number;
  seconds: number;
  chromium: string;
  write: boolean;
  command: string;
}

/**
 * Waits until the server answers its health check quickly twice in a row (at most two minutes): a
 * phase that left work queued on the server (updates being checked and stored) does not slow the next.
 */
async function settle(url: string, log: (line: string) => void): Promise<void> {
  const until = performance.now() + 120_000;
  let quick = 0;
  while (quick < 2 && performance.now() < until) {
    const started = performance.now();
    await fetch(new URL('/healthcheck', url))
      .then((response) => response.arrayBuffer())
      .catch(() => undefined);
    quick = performance.now() - started < 200 ? quick + 1 : 0;
    if (quick < 2) await sleep(500);
  }
  if (quick < 2) log('  (the server was still busy after two minutes)');
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0]!;

export async function benchEditor(options: EditorBenchOptions): Promise<number> {
  const log = (line: string) => console.log(line);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-editor-'));
  const { transcript, words, duration } = syntheticTranscript();
  const all = transcript.text.flatMap((t) => t.words);
  const results: EditorResults = {
    date: today(),
    machine: '',
    command: options.command,
    document: {
      words,
      turns: transcript.text.length,
      speakers: transcript.speakers.length,
      lowConfidence: all.filter((w) => w.confidence < 0.6).length / all.length,
      jsonBytes: Buffer.byteLength(JSON.stringify(transcript)),
      yjsBytes: Y.encodeStateAsUpdate(createTranscriptDoc(transcript)).byteLength,
      duration,
    },
    audio: { size: 0, duration: 0, makeMs: 0 },
    open: { samples: [] },
    typingPaused: { samples: [] },
    typingPlaying: { samples: [] },
    remote: { samples: [] },
    memory: { error: 'not run' },
    cpu: { error: 'not run' },
  };
  let server: EditorServer | null = null;
  let browser: Browser | null = null;
  let failed = false;
  try {
    log(`Making ${duration} s of audio…`);
    const audio = await quietAudio(tmp, duration);
    results.audio = { size: audio.size, duration: await probeDuration(audio.file), makeMs: audio.ms };
    log(`Starting the server, seeding ${options.documents} three-hour media…`);
    server = await EditorServer.start();
    const client = new BenchClient(server.url);
    const account = await client.signUp();
    const organization = await client.request('POST', '/cm-api/api/organizations', { json: { name: 'Editor benchmark' } });
    if (organization.status !== 201) throw new Error(`organization creation failed: ${organization.status}`);
    const organizationId = organization.body._id as string;
    const tokens = await client.signIn(account.email, account.password);
    const { ids } = await server.seed({ organizationId, ownerId: tokens.user_id, audio, count: Math.max(2, options.documents) });

    log('Server: memory per open document…');
    try {
      results.memory = await measureMemory(server, tokens.auth_token, ids.slice(0, options.documents), log);
    } catch (error) {
      failed = true;
      results.memory = { error: message(error) };
    }
    await settle(server.url, log);
    log(`Server: CPU at ${options.rate} edits/s…`);
    try {
      const fresh = await client.signIn(account.email, account.password);
      results.cpu = await measureCpu(server, fresh.auth_token, ids[0]!, { rate: options.rate, seconds: options.seconds }, log);
    } catch (error) {
      failed = true;
      results.cpu = { error: message(error) };
    }

    await settle(server.url, log);
    const session: Session = { url: server.url, organizationId, tokens: await client.signIn(account.email, account.password) };
    browser = await launchChromium(options.chromium);
    failed = (await browserFigures(browser, session, ids[1]!, options, results, log)) || failed;
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  results.machine = machine();
  console.log(`\n${editorText(results)}`);
  if (options.write) writeSection('editor', editorMarkdown(results));
  return failed ? 1 : 0;
}

/** The browser figures, each on its own so that one failing leaves the others; answers whether one failed. */
async function browserFigures(browser: Browser, session: Session, id: string, options: EditorBenchOptions, results: EditorResults, log: (line: string) => void): Promise<boolean> {
  let failed = false;
  const attempt = async (name: string, fn: () => Promise<void>, fail: (error: string) => void) => {
    await settle(session.url, log);
    // The previous phase's edits are stored before this one starts (they would queue ahead of its own).
    await drainDocument(session.url, session.tokens.auth_token, id).catch((error: unknown) => log(`  (could not wait for the document: ${message(error)})`));
    log(`Browser: ${name}…`);
    try {
      await fn();
    } catch (error) {
      failed = true;
      fail(message(error));
      log(`  ${name}: ${message(error)}`);
    }
  };
  const context = await signedInContext(browser, session);
  const pages: Page[] = [];
  try {
    await attempt(
      `open the editor (1 + ${options.runs} times)`,
      async () => {
        for (let i = 0; i <= options.runs; i++) {
          const { page, sample } = await openEditor(context, id);
          await page.close();
          if (i === 0) results.open.first = sample;
          else results.open.samples.push(sample);
          log(
            `  open ${i}: ready ${sample.ready.toFixed(0)} ms, painted ${sample.painted.toFixed(0)} ms, ${sample.turns} turns in the DOM; scripts ${sample.scriptsLoaded} ms, marks ${JSON.stringify(sample.marks)}`,
          );
        }
      },
      (error) => (results.open.error = error),
    );

    let opened: { page: Page; scrollTop: number; turnIds: string[] };
    try {
      const { page } = await openEditor(context, id);
      pages.push(page);
      opened = { page, ...(await scrollToMiddle(page)) };
      if (opened.turnIds.length === 0) throw new Error('no editable turn rendered in the middle of the document');
    } catch (error) {
      results.typingPaused.error = results.typingPlaying.error = results.remote.error = message(error);
      return true;
    }
    const { page, scrollTop, turnIds } = opened;
    await attempt(
      `${options.keystrokes} keystrokes, audio paused`,
      async () => {
        await caretInTurn(page, turnIds[0]!);
        Object.assign(results.typingPaused, await typeAndMeasure(page, turnIds[0]!, options.keystrokes, 60));
      },
      (error) => (results.typingPaused.error = error),
    );
    await attempt(
      `${options.keystrokes} keystrokes, audio playing`,
      async () => {
        const turnId = turnIds[1] ?? turnIds[0]!;
        const start = await play(page, turnId);
        await caretInTurn(page, turnId);
        if (start === null) throw new Error('the page has no media element to play');
        Object.assign(results.typingPlaying, await typeAndMeasure(page, turnId, options.keystrokes, 60));
        const end = await playerPosition(page);
        if (!end || end.paused) throw new Error('the player stopped while typing');
        results.typingPlaying.played = end.time - start;
      },
      (error) => (results.typingPlaying.error = error),
    );

    await attempt(
      `${options.remoteEdits} edits from one page to another`,
      async () => {
        const other: BrowserContext = await signedInContext(browser, session);
        try {
          const { page: watcher } = await openEditor(other, id);
          await scrollToMiddle(watcher, scrollTop);
          const turnId = turnIds[2] ?? turnIds[0]!;
          const shown = await watcher.locator(`[data-turn-id="${turnId}"] [data-turn-text]`).count();
          if (shown === 0) throw new Error(`turn ${turnId} is not rendered in the second page`);
          await caretInTurn(page, turnId);
          const measured = await remoteMeasure(page, watcher, turnId, { count: options.remoteEdits, gapMs: 50, deadlineMs: 180_000 });
          Object.assign(results.remote, measured);
          if (measured.typed < options.remoteEdits) log(`  stopped after ${measured.typed} edits (three minutes, or five in a row never shown)`);
        } finally {
          await other.close();
        }
      },
      (error) => (results.remote.error = error),
    );
  } finally {
    for (const page of pages) await page.close().catch(() => undefined);
    await context.close();
  }
  return failed;
}
