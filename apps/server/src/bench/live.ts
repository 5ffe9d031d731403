/**
 * `palabre bench live`: how many live PocketSphinx streams this machine carries. For N = 1, 2, 4…
 * concurrent streams, each is fed a fixture in real time (20 ms chunks on a timer, looped with a
 * second of silence between repeats; streams alternate jfk-en.wav and short-fr.wav, and start at
 * different points of it so their utterances do not all end together), for `seconds` of audio.
 *
 * Per N: the decoders' CPU per second of audio (real-time factor of one stream), the lag (audio
 * written but not yet processed by the decoder, sampled every 100 ms), the partial latency (from
 * the moment the audio of a word was written to the first partial holding that word), the final
 * latency (from the moment the audio of an utterance's last word was written to its final; the
 * decoder's voice activity detection waits 0.5 s of silence first), each decoder process's CPU and
 * resident memory, and the server process's own CPU and event-loop delay. The capacity is the
 * largest N whose lag stays bounded: the decoders keep up, ending the run less than 1 s behind on
 * average over its last five seconds (a lag that grows with time is not bounded; a passing peak,
 * reported as the maximum, is). The French fixture is decoded with the English
 * model (the only PocketSphinx model here): its words mean nothing, its load is real.
 *
 * Then the offline translation of finals: Apertium's long-running pipelines, English → French and
 * French → English (through Spanish): start-up, per-sentence latency one at a time and in a burst,
 * and the pipeline's memory (all its processes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createApertiumTranslator, createPocketSphinxEngine, parseWavHeader, PocketSphinxStream, type TranscriptLanguage } from '@palabre/engines';
import { percentile } from './library.ts';
import { machine, markdownTable, median, textTable, today, writeSection } from './report.ts';

const RATE = 16_000;
const BYTES_PER_SECOND = RATE * 2;
const CHUNK_MS = 20;
const CHUNK_BYTES = (BYTES_PER_SECOND * CHUNK_MS) / 1000;
const SAMPLE_MS = 100;
const FIXTURES = ['jfk-en.wav', 'short-fr.wav'] as const;
/** Bounded: average lag over the last seconds under this. */
const BOUNDED_END_LAG_S = 1;
const END_WINDOW_S = 5;

export interface LiveBenchOptions {
  streams: number[];
  seconds: number;
  fixtures: string;
  write: boolean;
}

interface RunResult {
  n: number;
  rtf: number;
  lagMax: number;
  lagEnd: number;
  bounded: boolean;
  partialMedian: number;
  partialP95: number;
  finalMedian: number;
  finalP95: number;
  partialWords: number;
  finals: number;
  cpuPerStream: number;
  rssPerStream: number;
  serverCpu: number;
  loopP99: number;
  /** The machine's 1-min load average at the end of the run (other work competes for the cores). */
  load: number;
  errors: number;
}

/** The PCM of a 16 kHz mono WAV fixture, then one second of silence (the loop's unit). */
function loopUnit(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  const info = parseWavHeader(bytes.subarray(0, 64 * 1024), bytes.length);
  if (info.sampleRate !== RATE || info.channels !== 1 || info.bitsPerSample !== 16) throw new Error(`${file} is not 16 kHz mono 16-bit PCM`);
  return Buffer.concat([bytes.subarray(info.dataOffset, info.dataOffset + info.dataBytes), Buffer.alloc(BYTES_PER_SECOND)]);
}

/** CPU seconds (user + system) of a process, from /proc; 0 once it is gone. */
export function processCpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after "pid (comm) ".
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Resident memory of a process in bytes, from /proc; 0 once it is gone. */
export function processRss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of every process in a process group, from /proc. */
function groupRss(pgid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // pgrp is field 5 of the whole line, 3 after "pid (comm) ".
      if (Number(fields[2]) === pgid) total += processRss(Number(entry));
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

const SENTENCES: Record<TranscriptLanguage, string[]> = {
  en: [
    'Good morning everyone, thank you for joining the meeting.',
    'The first item on the agenda is the budget for next year.',
    'We have to finish the report before the end of the month.',
    'Could you send me the figures you mentioned yesterday?',
    'I think we should ask our customers what they need.',
  ],
  fr: [
    'Bonjour à tous, merci de participer à la réunion.',
    "Le premier point à l'ordre du jour est le budget de l'année prochaine.",
    'Nous devons terminer le rapport avant la fin du mois.',
    "Pourriez-vous m'envoyer les chiffres dont vous avez parlé hier ?",
    'Je pense que nous devrions demander à nos clients ce dont ils ont besoin.',
  ],
};

interface TranslationResult {
  direction: string;
  startMs: number;
  medianMs: number;
  p95Ms: number;
  burstMs: number;
  sentences: number;
  rss: number;
}

async function measureTranslation(source: TranscriptLanguage, target: TranscriptLanguage, rounds = 10): Promise<TranslationResult | string> {
  const translator = createApertiumTranslator({ source, target });
  const available = await translator.availability();
  if (!available.ok) return available.reason;
  try {
    const sentences = SENTENCES[source];
    let started = performance.now();
    await translator.translate(sentences[0]!);
    const startMs = performance.now() - started;
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const sentence of sentences) {
        started = performance.now();
        await translator.translate(sentence);
        times.push(performance.now() - started);
      }
    }
    started = performance.now();
    const burst = Array.from({ length: rounds }, () => sentences).flat();
    await Promise.all(burst.map((sentence) => translator.translate(sentence)));
    const burstMs = (performance.now() - started) / burst.length;
    return {
      direction: `${source} → ${target}`,
      startMs,
      medianMs: median(times),
      p95Ms: percentile(times, 0.95),
      burstMs,
      sentences: times.length,
      rss: translator.pid ? groupRss(translator.pid) : 0,
    };
  } finally {
    await translator.close();
  }
}

const round = (value: number, digits = 2) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

async function runStreams(n: number, seconds: number, units: Buffer[]): Promise<RunResult> {
  const engine = createPocketSphinxEngine();
  const chunks = Math.round((seconds * 1000) / CHUNK_MS);
  // When each chunk was written (all streams are written in the same tick).
  const writtenAt = new Float64Array(chunks);
  const writtenBy = (audioSeconds: number) => writtenAt[Math.min(chunks - 1, Math.max(0, Math.ceil((audioSeconds * 1000) / CHUNK_MS) - 1))]!;

  const partialLatencies: number[] = [];
  const finalLatencies: number[] = [];
  let errors = 0;
  const streams = Array.from({ length: n }, (_, i) => {
    const stream = engine.openStream({ language: 'en' });
    if (!(stream instanceof PocketSphinxStream)) throw new Error('a PocketSphinx stream was expected');
    const unit = units[i % units.length]!;
    // Streams start at different points of their loop.
    const phase = Math.round(((i * 1.37 * BYTES_PER_SECOND) % unit.length) / 2) * 2;
    // Words of the utterance in progress already shown: a partial with more words shows new ones.
    let shown = 0;
    stream.on('partial', (partial) => {
      const now = performance.now();
      for (const word of partial.words.slice(shown)) partialLatencies.push(now - writtenBy(word.end));
      shown = Math.max(shown, partial.words.length);
    });
    stream.on('final', (final) => {
      shown = 0;
      const last = final.words.at(-1);
      if (last) finalLatencies.push(performance.now() - writtenBy(last.end));
    });
    stream.on('error', () => errors++);
    return { stream, unit, phase, cpuAtStart: 0, cpu: 0, rss: 0 };
  });

  // Decoders load their models (~0.25 s each) before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 500 + 300 * n));
  // CPU spent loading the models is not decoding.
  for (const s of streams) s.cpuAtStart = s.stream.decoderPid ? processCpuSeconds(s.stream.decoderPid) : 0;
  const lagSamples: Array<{ at: number; lag: number }> = [];
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const serverCpuBefore = process.cpuUsage();
  const started = performance.now();
  let written = 0;

  await new Promise<void>((resolve) => {
    const sampler = setInterval(() => {
      const lag = Math.max(...streams.map((s) => s.stream.backlogBytes / BYTES_PER_SECOND));
      lagSamples.push({ at: (performance.now() - started) / 1000, lag });
      for (const s of streams) {
        const pid = s.stream.decoderPid;
        if (pid) {
          s.cpu = Math.max(s.cpu, processCpuSeconds(pid));
          s.rss = Math.max(s.rss, processRss(pid));
        }
      }
    }, SAMPLE_MS);
    // A timer every 20 ms; chunks the timer was late for are written at once, so the audio keeps
    // pace with the wall clock.
    const timer = setInterval(() => {
      const due = Math.min(chunks, Math.floor((performance.now() - started) / CHUNK_MS) + 1);
      for (; written < due; written++) {
        writtenAt[written] = performance.now();
        for (const s of streams) {
          const offset = (s.phase + written * CHUNK_BYTES) % s.unit.length;
          const chunk = s.unit.subarray(offset, offset + CHUNK_BYTES);
          try {
            s.stream.write(chunk.length === CHUNK_BYTES ? chunk : Buffer.concat([chunk, s.unit.subarray(0, CHUNK_BYTES - chunk.length)]));
          } catch {
            // A failed stream is counted by its 'error' listener.
          }
        }
      }
      if (written >= chunks) {
        clearInterval(timer);
        clearInterval(sampler);
        resolve();
      }
    }, CHUNK_MS);
  });
  const serverCpu = process.cpuUsage(serverCpuBefore);
  const wall = (performance.now() - started) / 1000;
  loop.disable();
  // Last CPU and memory readings, then the last finals.
  for (const s of streams) {
    const pid = s.stream.decoderPid;
    if (pid) {
      s.cpu = Math.max(s.cpu, processCpuSeconds(pid));
      s.rss = Math.max(s.rss, processRss(pid));
    }
  }
  await Promise.all(streams.map((s) => s.stream.end().catch(() => undefined)));

  const lags = lagSamples.map((s) => s.lag);
  const endLags = lagSamples.filter((s) => s.at >= seconds - END_WINDOW_S).map((s) => s.lag);
  const lagEnd = endLags.length ? endLags.reduce((a, b) => a + b, 0) / endLags.length : NaN;
  const lagMax = lags.length ? Math.max(...lags) : NaN;
  const cpuPerStream = streams.reduce((sum, s) => sum + Math.max(0, s.cpu - s.cpuAtStart), 0) / n;
  return {
    n,
    rtf: cpuPerStream / seconds,
    lagMax,
    lagEnd,
    bounded: errors === 0 && lagEnd < BOUNDED_END_LAG_S,
    partialMedian: partialLatencies.length ? median(partialLatencies) : NaN,
    partialP95: partialLatencies.length ? percentile(partialLatencies, 0.95) : NaN,
    finalMedian: finalLatencies.length ? median(finalLatencies) : NaN,
    finalP95: finalLatencies.length ? percentile(finalLatencies, 0.95) : NaN,
    partialWords: partialLatencies.length,
    finals: finalLatencies.length,
    cpuPerStream,
    rssPerStream: streams.reduce((sum, s) => sum + s.rss, 0) / n,
    serverCpu: (serverCpu.user + serverCpu.system) / 1e6 / wall,
    loopP99: loop.percentile(99) / 1e6,
    load: os.loadavg()[0]!,
    errors,
  };
}

export async function benchLive(options: LiveBenchOptions): Promise<number> {
  const files = FIXTURES.map((name) => path.join(options.fixtures, name));
  const missing = files.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    console.error(`Fixtures not found: ${missing.join(', ')} (use --fixtures <dir>)`);
    return 1;
  }
  const available = await createPocketSphinxEngine().availability({ language: 'en' });
  if (!available.ok) {
    console.error(`PocketSphinx cannot run here: ${available.reason}`);
    return 1;
  }
  const units = files.map(loopUnit);
  const header = [
    'streams',
    'CPU per audio s (RTF)',
    'lag: max',
    `lag: last ${END_WINDOW_S} s`,
    'bounded',
    'partial latency: median',
    'p95',
    'final latency: median',
    'p95',
    'decoder CPU',
    'decoder RSS',
    'server CPU',
    'event-loop delay p99',
    'load average',
  ];
  const rows: string[][] = [];
  let capacity = 0;
  const results: RunResult[] = [];
  for (const n of options.streams) {
    console.log(`${n} stream${n === 1 ? '' : 's'}, ${options.seconds} s of audio each…`);
    let r = await runStreams(n, options.seconds, units);
    if (!r.bounded) {
      // Other work on a shared machine can starve one run: an N that falls behind gets a second try.
      console.log(`${n} streams fell behind (load average ${round(r.load, 1)}); trying again…`);
      const again = await runStreams(n, options.seconds, units);
      if (again.bounded || again.lagEnd < r.lagEnd) r = again;
    }
    results.push(r);
    rows.push([
      String(n),
      round(r.rtf, 3),
      `${round(r.lagMax)} s`,
      `${round(r.lagEnd)} s`,
      r.bounded ? 'yes' : `no${r.errors ? ` (${r.errors} failed)` : ''}`,
      `${Math.round(r.partialMedian)} ms`,
      `${Math.round(r.partialP95)} ms`,
      `${Math.round(r.finalMedian)} ms`,
      `${Math.round(r.finalP95)} ms`,
      `${round(r.cpuPerStream, 1)} s`,
      `${Math.round(r.rssPerStream / 1024 ** 2)} MiB`,
      `${round(r.serverCpu * 100, 1)} %`,
      `${round(r.loopP99, 1)} ms`,
      round(r.load, 1),
    ]);
    console.log(textTable(header, rows.slice(-1)));
    if (!r.bounded) break;
    capacity = n;
  }
  const cpuPerAudioSecond = median(results.map((r) => r.rtf));
  const cpuBound = Math.floor(os.availableParallelism() / cpuPerAudioSecond);
  console.log(`\n${textTable(header, rows)}\n\ncapacity: ${capacity} live PocketSphinx stream${capacity === 1 ? '' : 's'}`);
  console.log(`CPU-bound estimate for an otherwise idle machine: ${cpuBound} (${os.availableParallelism()} cores / ${round(cpuPerAudioSecond, 3)} CPU s per audio s)`);

  const translationHeader = ['Apertium', 'start (first sentence)', 'one at a time: median', 'p95', 'in a burst, per sentence', 'pipeline RSS'];
  const translationRows: string[][] = [];
  const translationNotes: string[] = [];
  for (const [source, target] of [
    ['en', 'fr'],
    ['fr', 'en'],
  ] as const) {
    const t = await measureTranslation(source, target);
    if (typeof t === 'string') {
      translationNotes.push(`${source} → ${target}: not measured — ${t}`);
      continue;
    }
    translationRows.push([
      t.direction,
      `${Math.round(t.startMs)} ms`,
      `${round(t.medianMs, 1)} ms`,
      `${round(t.p95Ms, 1)} ms`,
      `${round(t.burstMs, 1)} ms`,
      `${Math.round(t.rss / 1024 ** 2)} MiB`,
    ]);
  }
  if (translationRows.length) console.log(`\n${textTable(translationHeader, translationRows)}`);
  for (const note of translationNotes) console.log(note);
  if (options.write) {
    writeSection(
      'live',
      `## Live streaming engines: PocketSphinx streams per machine

Measured by \`palabre bench live --seconds ${options.seconds} --write\` on ${today()}: ${machine()}.
N concurrent PocketSphinx streams (library decoder, one child process each), each written in real
time in 20 ms chunks on a timer, looping jfk-en.wav or short-fr.wav (alternately; the French one is
decoded by the English model, for its load) with a second of silence between repeats, each stream
starting at a different point of its loop; ${options.seconds} s of audio per stream.

- **CPU per audio s**: the decoder process's CPU time per second of audio (its real-time factor on one core);
- **lag**: audio written but not yet processed by the decoder (the worst stream, sampled every 100 ms);
  bounded when the decoders keep up: under ${BOUNDED_END_LAG_S} s on average over the last ${END_WINDOW_S} s of the run (a lag
  growing with time is not bounded; a passing peak, the maximum, is);
- **partial latency**: from the moment a word's audio was written to the first partial holding it;
- **final latency**: from the moment the audio of an utterance's last word was written to its final
  (the decoder's voice activity detection first waits for 0.5 s of silence);
- **decoder CPU / RSS**: per decoder process, over the run (CPU from the first chunk on, model loading
  excluded; RSS of the whole process, Node.js included); **server CPU**: the streaming process itself
  (timers, IPC), as a share of one core; **event-loop delay**: its p99 (decoding never runs on it);
- **load average**: the machine's 1-minute load average at the end of the run; above 2 (the number
  of cores), other work was competing with the decoders for the CPU.

${markdownTable(header, rows)}

**Capacity: ${capacity} concurrent live PocketSphinx stream${capacity === 1 ? '' : 's'}** on this machine as it was (the largest N whose lag stayed bounded${rows.length > options.streams.indexOf(capacity) + 1 ? '; the next N did not, twice' : ''}).
An N whose lag grows is run a second time before it counts as too many: on a shared machine, other
work can starve one run (see the load average). The decoders' own cost gives the ceiling on an
otherwise idle machine: ${os.availableParallelism()} cores / ${round(cpuPerAudioSecond, 3)} CPU s per audio s = **${cpuBound} streams**
at full CPU, before any headroom for the rest of the server.

Offline translation of finals with Apertium (\`src/translate/apertium.ts\`: one long-running null-flush
pipeline per direction, through Spanish): the first sentence includes starting the pipeline; then
${SENTENCES.en.length} sentences of 8 to 13 words, 10 times each, one at a time and then all at once
(answers come back in order); RSS is the whole pipeline (every stage's process).

${translationRows.length ? markdownTable(translationHeader, translationRows) : ''}
${translationNotes.join('\n')}`,
    );
  }
  return 0;
}
