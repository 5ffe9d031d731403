/**
 * `palabre bench media pipeline`: time from the end of an upload (the 201 answer) to status "done"
 * for a 60 s English file, on a real server with its job workers (in this process), with the time
 * spent in each step read from the conversation's processing state (status and steps, polled every
 * 100 ms). The file is jfk-en.wav looped to 60 s by ffmpeg (English, so the default pocketsphinx
 * engine really transcribes it; the French meeting fixture would be refused by that engine).
 * After each run the bare decoder decodes the same audio (its raw samples), so that the ratio of
 * the two, the goal of at most 1.1, is measured under the same load.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { runFfmpeg } from '@palabre/engines';
import { ACTIVE_MEDIA_STATUSES, isActiveMediaStatus } from '@palabre/shared';
import { conversations } from '../db/schema.ts';
import { resolveTranscriberProfile } from '../pipeline/engines.ts';
import { BenchClient } from './api.ts';
import { startBenchServer } from './bench-server.ts';
import { runBareDecoder, toRawPcm } from './bare-decoder.ts';
import { machine, markdownTable, median, textTable, today, writeSection } from './report.ts';

const PHASES = ACTIVE_MEDIA_STATUSES;
type Phase = (typeof PHASES)[number];

export const PIPELINE_GOAL_RATIO = 1.1;

interface Run {
  totalMs: number;
  bareMs: number;
  /** Time each phase was the conversation's status (0 when never observed: under the poll interval). */
  phases: Record<Phase, number>;
  steps: string;
  engine: string;
  words: number;
}

export async function benchPipeline(options: { write: boolean; runs: number; fixtures: string }): Promise<number> {
  const jfk = path.join(options.fixtures, 'jfk-en.wav');
  if (!fs.existsSync(jfk)) {
    console.error(`${jfk} not found (use --fixtures <dir>)`);
    return 1;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-pipeline-'));
  const file = path.join(work, 'jfk-loop-60s.wav');
  await runFfmpeg(['-nostdin', '-y', '-stream_loop', '-1', '-i', jfk, '-t', '60', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', file], {
    description: 'Building the 60 s file',
  });
  const raw = path.join(work, 'jfk-loop-60s.raw');
  await toRawPcm(file, raw);
  const server = await startBenchServer({ workers: true });
  try {
    const client = new BenchClient(server.url);
    const organizationId = await client.signUpWithOrganization();
    const runs: Run[] = [];
    for (let n = 0; n < options.runs; n++) {
      const answer = await client.uploadFile(organizationId, file, { name: `Pipeline bench ${n + 1}`, lang: 'en' });
      const uploadEnd = performance.now();
      if (answer.status !== 201) throw new Error(`upload refused: ${answer.status} ${JSON.stringify(answer.body)}`);
      const id = (answer.body as { conversationId: string }).conversationId;
      const firstSeen = new Map<string, number>();
      let row;
      for (;;) {
        [row] = await server.running.ctx.db.select().from(conversations).where(eq(conversations.id, id));
        const now = performance.now();
        if (!row) throw new Error(`conversation ${id} vanished`);
        if (!firstSeen.has(row.status)) firstSeen.set(row.status, now);
        if (!isActiveMediaStatus(row.status)) break;
        if (now - uploadEnd > 15 * 60_000) throw new Error(`still ${row.status} after 15 min`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      if (row.status === 'error') throw new Error(`processing failed: ${row.processing.log}`);
      const done = firstSeen.get('done')!;
      const phases = {} as Record<Phase, number>;
      const start = (p: Phase) => (p === 'pending' ? uploadEnd : firstSeen.get(p));
      for (const [i, phase] of PHASES.entries()) {
        const from = start(phase);
        if (from === undefined) {
          phases[phase] = 0;
          continue;
        }
        const next =
          PHASES.slice(i + 1)
            .map((p) => firstSeen.get(p))
            .find((t) => t !== undefined) ?? done;
        phases[phase] = next - from;
      }
      const profile = await resolveTranscriberProfile(server.running.ctx, row);
      const bare = await runBareDecoder(raw);
      runs.push({
        totalMs: done - uploadEnd,
        bareMs: bare.seconds * 1000,
        phases,
        steps: row.processing.steps.map((s) => `${s.name}:${s.state}`).join(', '),
        engine: profile ? `${profile.type} (profile "${profile.name}")` : 'pocketsphinx (built-in default)',
        words: row.transcript?.text.reduce((k, t) => k + t.words.length, 0) ?? 0,
      });
      console.log(`run ${n + 1}: ${((done - uploadEnd) / 1000).toFixed(2)} s, bare decoder ${bare.seconds.toFixed(2)} s (${runs.at(-1)!.steps})`);
    }
    const header = ['', ...PHASES.map((p) => (p === 'pending' ? 'waiting for a worker' : p)), 'upload end → done', 'bare decoder', 'ratio'];
    const fmt = (ms: number) => (ms < 100 ? '< 0.1 s' : `${(ms / 1000).toFixed(2)} s`);
    const ratio = (r: Run) => r.totalMs / r.bareMs;
    const rows = runs.map((r, i) => [
      `run ${i + 1}`,
      ...PHASES.map((p) => fmt(r.phases[p])),
      `${(r.totalMs / 1000).toFixed(2)} s`,
      `${(r.bareMs / 1000).toFixed(2)} s`,
      `${ratio(r).toFixed(2)} ×`,
    ]);
    const med = median(runs.map((r) => r.totalMs));
    const medRatio = median(runs.map(ratio));
    rows.push([
      '**median**',
      ...PHASES.map((p) => fmt(median(runs.map((r) => r.phases[p])))),
      `**${(med / 1000).toFixed(2)} s**`,
      `${(median(runs.map((r) => r.bareMs)) / 1000).toFixed(2)} s`,
      `**${medRatio.toFixed(2)} ×**`,
    ]);
    const goal = `upload end → done is ${medRatio.toFixed(2)} × the bare decoder's time on the same audio (goal: at most ${PIPELINE_GOAL_RATIO} ×): ${medRatio <= PIPELINE_GOAL_RATIO ? 'met' : 'NOT met'}`;
    console.log(`\n${textTable(header, rows)}`);
    console.log(goal);
    console.log(`engine: ${runs[0]!.engine}; words in the transcript: ${runs.map((r) => r.words).join(', ')}`);
    if (options.write) {
      writeSection(
        'media:pipeline',
        `## Media pipeline: upload end to "done" for a 1-minute file

Measured ${today()} by \`palabre bench media pipeline --runs ${options.runs}\` on ${machine()}.

The file: \`jfk-en.wav\` looped to exactly 60 s by ffmpeg and written as 44.1 kHz stereo PCM WAV
(English, so that the default engine, ${runs[0]!.engine}, really transcribes it; the French
\`meeting-fr-60s.mp3\` would be refused by the English-only engine). It is uploaded through
\`POST …/conversations/create\` (language English) to a real server (\`startServer\`, fresh data folder,
PGlite, job workers in the same process, pg-boss polling every 1 s), ${options.runs} times in a row.
Times run from the upload's 201 answer to the first time the conversation is seen "done"; each
column is how long the conversation's status stayed at that step (polled every 100 ms, so a step
shorter than that shows as "< 0.1 s" and counts in its neighbour; the time a job waits in the queue
counts in the step before it).

${markdownTable(header, rows)}

Median: **${(med / 1000).toFixed(1)} s for 60 s of audio** (${(med / 60_000).toFixed(2)} × real time), of which
transcription ${(median(runs.map((r) => r.phases.transcription)) / 1000).toFixed(1)} s. Preprocessing covers ffprobe,
the 16 kHz mono conversion, the web-playable rendition and the waveform peaks. The bare decoder is
\`pocketsphinx_continuous\` on the same audio as raw 16 kHz samples, run right after each upload.

Goal: ${goal}.`,
      );
    }
    return 0;
  } finally {
    await server.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
