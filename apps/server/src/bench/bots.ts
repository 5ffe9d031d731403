/**
 * `palabre bench bot`: what one videoconference bot costs. A server runs in this process (PGlite,
 * no job workers, RTMP and SRT off, the loopback range allowed for the outbound policy); a loopback
 * meeting (apps/server/test/harness/loopback-meeting.ts: a page, WebSocket signalling and a speaker
 * Chromium whose microphone loops jfk-en.wav) is started; a session with one PocketSphinx channel
 * is started and one bot (the generic service) is sent into the meeting. For `--seconds` in the
 * call, the bot's process tree (its runner and its Chromium, every renderer included) is sampled
 * from /proc every second: CPU as a share of one core over the whole window, peak PSS (what the
 * watchdog judges) and peak summed RSS, the number of processes. Also: the time from the POST to
 * "in call", and the caption delay — a final's arrival in the room against the end of its words on
 * the channel's clock (which starts with the bot's first audio, at "in call"); it includes the
 * WebRTC hop, the tap's 100 ms blocks, the ingest and the engine.
 */
import fs from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import type { LiveFinal } from '@palabre/shared';
import { cpuPercentBetween, sampleTree, type TreeSample } from '../bots/process-tree.ts';
import { BenchClient } from './api.ts';
import { startBenchServer } from './bench-server.ts';
import { machine, markdownTable, median, mib, textTable, today, writeSection, type Cell } from './report.ts';

const API = '/cm-api/api';
const FIXTURE = 'jfk-en.wav';

export interface BotBenchOptions {
  seconds: number;
  fixtures: string;
  chromium: string;
  write: boolean;
}

const clock = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function benchBot(options: BotBenchOptions): Promise<number> {
  const wav = path.join(options.fixtures, FIXTURE);
  if (!fs.existsSync(wav)) {
    console.error(`${wav} is missing (--fixtures <dir>)`);
    return 1;
  }
  const { startLoopbackMeeting } = await import('../../test/harness/loopback-meeting.ts');
  const server = await startBenchServer({
    workers: false,
    env: { OUTBOUND_ALLOWED_RANGES: '127.0.0.0/8', LIVE_RTMP_PORTS: 'off', LIVE_SRT_PORTS: 'off', BOTS_MAX: '1', BOT_CHROMIUM_PATH: options.chromium },
  });
  const meeting = await startLoopbackMeeting({ speakerWav: wav, chromiumPath: options.chromium });
  const socket = io(server.url, { path: '/cm-api/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
  try {
    const client = new BenchClient(server.url);
    const organizationId = await client.signUpWithOrganization();
    const profile = await client.request('POST', `${API}/transcriber_profiles`, {
      json: { name: 'Bot bench', type: 'pocketsphinx', languages: ['en'], translations: [], organizationId },
    });
    if (profile.status !== 201) throw new Error(`profile not created: ${profile.status}`);
    const created = await client.request('POST', `${API}/organizations/${organizationId}/sessions`, {
      json: {
        name: 'Bot bench',
        visibility: 'public',
        anonymousAccess: true,
        keepAudio: false,
        channels: [{ name: 'Call', transcriberProfileId: profile.body._id, languages: ['en'], translations: [] }],
      },
    });
    if (created.status !== 201) throw new Error(`session not created: ${created.status}`);
    const sessionId = created.body._id as string;
    const read = await client.request('GET', `${API}/sessions/${sessionId}`);
    const channelId = read.body.channels[0]._id as string;
    await client.request('PUT', `${API}/organizations/${organizationId}/sessions/${sessionId}/start`);

    const finals: Array<{ final: LiveFinal; at: number }> = [];
    socket.on('final', (final: LiveFinal) => finals.push({ final, at: clock() }));
    if (!socket.connected) {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    }
    const joined = (await socket.timeout(10_000).emitWithAck('join_room', `${organizationId}/${sessionId}`)) as { ok: boolean };
    if (!joined.ok) throw new Error('the room was not joined');

    const posted = clock();
    const bot = await client.request('POST', `${API}/organizations/${organizationId}/bots`, { json: { channelId, url: meeting.url, subtitleLanguage: 'en' } });
    if (bot.status !== 201) throw new Error(`bot not sent: ${bot.status} ${JSON.stringify(bot.body)}`);
    const botId = bot.body._id as string;
    let inCallAt = 0;
    while (clock() - posted < 60_000) {
      const list = await client.request('GET', `${API}/organizations/${organizationId}/bots?channelId=${channelId}`);
      const status = list.body.bots?.[0]?.status as string | undefined;
      if (status === 'in_call') {
        inCallAt = clock();
        break;
      }
      if (status === 'failed' || status === 'left') throw new Error(`the bot ${status}: ${list.body.bots[0].error}`);
      await sleep(100);
    }
    if (!inCallAt) throw new Error('the bot did not join the call within a minute');
    const root = server.running.ctx.bots!.processTree(botId)[0];
    if (root === undefined) throw new Error('the bot has no process');

    console.log(`The bot is in the call after ${((inCallAt - posted) / 1000).toFixed(1)} s; measuring for ${options.seconds} s…`);
    const samples: TreeSample[] = [];
    const end = performance.now() + options.seconds * 1000;
    while (performance.now() < end) {
      const sample = sampleTree(root);
      if (!sample) throw new Error('the bot stopped during the measurement');
      samples.push(sample);
      await sleep(1000);
    }
    const removed = await client.request('DELETE', `${API}/organizations/${organizationId}/bots/${botId}`);
    if (removed.status !== 204) throw new Error(`bot not removed: ${removed.status}`);

    const first = samples[0]!;
    const last = samples.at(-1)!;
    const delays = finals.map(({ final, at }) => (at - (inCallAt + final.end * 1000)) / 1000);
    const words = finals.map(({ final }) => final.text).join(' ');
    const rows: Cell[][] = [
      ['join: POST → in the call', `${((inCallAt - posted) / 1000).toFixed(1)} s`],
      [`CPU of the bot's tree over ${((last.at - first.at) / 1000).toFixed(0)} s in the call`, `${cpuPercentBetween(first, last).toFixed(0)} % of a core`],
      ['peak memory of the tree, PSS (the watchdog’s figure)', mib(Math.max(...samples.map((s) => s.memoryBytes)))],
      ['peak memory of the tree, summed RSS', mib(Math.max(...samples.map((s) => s.rssBytes)))],
      ['processes in the tree (runner, Chromium and its helpers)', Math.max(...samples.map((s) => s.pids.length))],
      ['finals received in the room', finals.length],
      ['caption delay after the words’ end, median', delays.length ? `${median(delays).toFixed(2)} s` : '–'],
      ['caption delay after the words’ end, max', delays.length ? `${Math.max(...delays).toFixed(2)} s` : '–'],
    ];
    console.log(textTable(['figure', 'value'], rows));
    console.log(`\nWords heard: ${words.slice(0, 200)}${words.length > 200 ? '…' : ''}`);
    if (options.write) {
      writeSection(
        'bots',
        `## Videoconference bots

One bot (the generic service) in a loopback meeting whose speaker's microphone loops \`jfk-en.wav\`,
transcribed by PocketSphinx; its process tree (the runner and its Chromium, every renderer included) sampled from /proc every second for
${options.seconds} s in the call (\`palabre bench bot --write\`, ${today()}, ${machine()}). The speaker's Chromium and the server are not counted.

${markdownTable(['figure', 'value'], rows)}

The caption delay is a final's arrival in the session's room against the end of its words on the channel's clock, which
starts with the bot's first audio: it includes the WebRTC hop, the tap's 100 ms blocks, the ingest and the engine's end of utterance. The join
(Chromium's start included) and the delays grow with the machine's load, given above.`,
      );
    }
    return 0;
  } finally {
    socket.disconnect();
    await meeting.close();
    await server.close();
  }
}
