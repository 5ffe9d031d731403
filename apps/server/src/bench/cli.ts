/** `palabre bench media rtf|wer|upload|pipeline`, `palabre bench library`, `palabre bench editor`, `palabre bench editor-compare`, `palabre bench subtitles`, `palabre bench exports`, `palabre bench reports`, `palabre bench live`, `palabre bench viewers`, `palabre bench bot` and `palabre bench scale` [--write]: figures for docs/PERFORMANCE.md. */
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Config } from '../config.ts';
import { REPO_ROOT } from './report.ts';

export const BENCH_USAGE = `  bench media <benchmark>    measure and print figures; --write also updates docs/PERFORMANCE.md
      rtf [--runs 3] [--fixtures <dir>] [--openai-endpoint <url>]
                             real-time factor per available engine on the audio fixtures
      wer                    word error rate of pocketsphinx (needs pocketsphinx-testdata)
      upload [--tmp <dir>]   memory while uploading a 1 GiB file through HTTP (3 GiB free needed)
      pipeline [--runs 3]    upload end → "done" for a 60 s English file, with per-step times
  bench library [--count 100000] [--database pglite|postgres|both] [--runs 30] [--explain] [--write]
                [--keep | --seeded <postgres-url>]
                             seeds a fresh database with that many transcribed media, then times
                             listing and search (median, p95); PostgreSQL: a temporary database on
                             DATABASE_URL's server, else a throwaway local cluster; --keep leaves it
                             there (DATABASE_URL only), --seeded measures such a kept library again
  bench editor [--runs 5] [--keystrokes 200] [--remote-edits 100] [--documents 8] [--rate 100]
               [--seconds 10] [--chromium /usr/bin/chromium] [--write]
                             a three-hour transcript: opening the editor, keystroke and remote paint
                             latency in Chromium, server memory per open document, CPU per edit rate
  bench editor-compare --against <dist> [--build apps/web/dist] [--rounds 12] [--latency 0] [--chromium /usr/bin/chromium]
                             opening the three-hour transcript with two builds of the web client side
                             by side (opens alternating, each build on either server): median of the
                             per-round ratios, for a machine whose load varies
  bench subtitles [--fixtures <dir>] [--write]
                             share of generated screens breaking each subtitle rule, on real speech and
                             a three-hour transcript, next to naive cutting on character counts
  bench exports [--runs 5] [--write]
  bench reports [--runs 5] [--write]
                             a three-hour transcript in every export format: time, size, memory,
                             and LibreOffice's start-up cost for ODT
  bench live [--streams 1,2,4,6,8,10,12] [--seconds 30] [--fixtures <dir>] [--write]
                             concurrent live PocketSphinx streams written in real time: lag, partial
                             and final latency, CPU and memory per stream, and the capacity
  bench viewers [--viewers 200] [--seconds 60] [--fixtures <dir>] [--write]
                             a live session's captions to that many anonymous viewers, next to one
                             viewer: end-to-end latency, fan-out, translation delay, server cost
  bench bot [--seconds 60] [--fixtures <dir>] [--chromium /usr/bin/chromium] [--write]
                             one videoconference bot in a loopback meeting: CPU and peak memory of its
                             process tree, join time, caption delay
  bench scale [--seconds 30] [--uploads 50] [--viewers 200] [--editors 20] [--users 50] [--library 3000]
              [--fixtures <dir>] [--write]
                             several nodes on loopback (throwaway PostgreSQL, s3rver, two API nodes
                             a worker and a live node as child processes): concurrent uploads, live
                             captions to viewers on both API nodes, editors of one
                             three-hour document across nodes, list and search under concurrent users`;

export async function runBenchCommand(args: string[], config: Config): Promise<number> {
  if (args[0] === 'library') return runLibrary(args.slice(1), config);
  if (args[0] === 'editor') return runEditor(args.slice(1));
  if (args[0] === 'editor-compare') return runEditorCompare(args.slice(1));
  if (args[0] === 'subtitles') return runSubtitles(args.slice(1));
  if (args[0] === 'exports') return runExports(args.slice(1));
  if (args[0] === 'reports') return runReports(args.slice(1));
  if (args[0] === 'live') return runLive(args.slice(1));
  if (args[0] === 'viewers') return runViewers(args.slice(1));
  if (args[0] === 'bot') return runBot(args.slice(1));
  if (args[0] === 'scale') return runScale(args.slice(1));
  const [group, name, ...rest] = args;
  if (group !== 'media' || !name) {
    console.error(`Usage:\n${BENCH_USAGE}`);
    return 2;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      write: { type: 'boolean', default: false },
      runs: { type: 'string', default: '3' },
      fixtures: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'audio') },
      'openai-endpoint': { type: 'string' },
      tmp: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
    console.error('--runs: an integer between 1 and 50');
    return 2;
  }
  switch (name) {
    case 'rtf': {
      const { benchRtf } = await import('./rtf.ts');
      return benchRtf({
        write: values.write,
        runs,
        fixtures: path.resolve(values.fixtures),
        modelsDir: path.join(config.dataDir, 'models'),
        openAiEndpoint: values['openai-endpoint'] ?? config.benchOpenAiEndpoint,
      });
    }
    case 'wer': {
      const { benchWer } = await import('./wer.ts');
      return benchWer({ write: values.write, fixtures: path.resolve(values.fixtures) });
    }
    case 'upload': {
      const { benchUpload } = await import('./upload.ts');
      return benchUpload({ write: values.write, tmpDir: values.tmp });
    }
    case 'pipeline': {
      const { benchPipeline } = await import('./pipeline.ts');
      return benchPipeline({ write: values.write, runs, fixtures: path.resolve(values.fixtures) });
    }
  }
  console.error(`Unknown benchmark "${name}".\nUsage:\n${BENCH_USAGE}`);
  return 2;
}

async function runLibrary(args: string[], config: Config): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      explain: { type: 'boolean', default: false },
      count: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '30' },
      database: { type: 'string', default: 'both' },
      keep: { type: 'boolean', default: false },
      seeded: { type: 'string' },
    },
  });
  const count = Number(values.count);
  const runs = Number(values.runs);
  if (!Number.isInteger(count) || count < 10 || count > 10_000_000) {
    console.error('--count: an integer between 10 and 10000000');
    return 2;
  }
  if (!Number.isInteger(runs) || runs < 1 || runs > 1000) {
    console.error('--runs: an integer between 1 and 1000');
    return 2;
  }
  const kinds = { both: ['pglite', 'postgres'], pglite: ['pglite'], postgres: ['postgres'] } as const;
  const databases = Object.hasOwn(kinds, values.database) ? kinds[values.database as keyof typeof kinds] : null;
  if (!databases) {
    console.error('--database: pglite, postgres or both');
    return 2;
  }
  const { benchLibrary } = await import('./library.ts');
  return benchLibrary({
    count,
    runs,
    databases: [...databases],
    write: values.write,
    explain: values.explain,
    databaseUrl: config.databaseUrl,
    keep: values.keep,
    seeded: values.seeded,
  });
}

async function runSubtitles(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      fixtures: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'audio') },
    },
  });
  const { benchSubtitles } = await import('./subtitles.ts');
  return benchSubtitles({ write: values.write, fixtures: path.resolve(values.fixtures) });
}

async function runExports(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { write: { type: 'boolean', default: false }, runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
    console.error('--runs: an integer between 1 and 50');
    return 2;
  }
  const { benchExports } = await import('./exports.ts');
  return benchExports({ runs, write: values.write });
}

async function runReports(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { write: { type: 'boolean', default: false }, runs: { type: 'string', default: '5' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) {
    console.error('--runs: an integer between 1 and 50');
    return 2;
  }
  const { benchReports } = await import('./reports.ts');
  return benchReports({ runs, write: values.write });
}

async function runLive(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      streams: { type: 'string', default: '1,2,4,6,8,10,12' },
      seconds: { type: 'string', default: '30' },
      fixtures: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'audio') },
    },
  });
  const streams = values.streams.split(',').map(Number);
  if (streams.length === 0 || streams.some((n) => !Number.isInteger(n) || n < 1 || n > 64)) {
    console.error('--streams: comma-separated integers between 1 and 64');
    return 2;
  }
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 600) {
    console.error('--seconds: an integer between 10 and 600');
    return 2;
  }
  const { benchLive } = await import('./live.ts');
  return benchLive({ streams: [...new Set(streams)].sort((a, b) => a - b), seconds, fixtures: path.resolve(values.fixtures), write: values.write });
}

async function runViewers(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      viewers: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '60' },
      fixtures: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'audio') },
    },
  });
  const viewers = Number(values.viewers);
  if (!Number.isInteger(viewers) || viewers < 2 || viewers > 2000) {
    console.error('--viewers: an integer between 2 and 2000');
    return 2;
  }
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 15 || seconds > 600) {
    console.error('--seconds: an integer between 15 and 600');
    return 2;
  }
  const { benchViewers } = await import('./viewers.ts');
  return benchViewers({ viewers, seconds, fixtures: path.resolve(values.fixtures), write: values.write });
}

async function runEditorCompare(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      build: { type: 'string', default: path.join(REPO_ROOT, 'apps/web/dist') },
      against: { type: 'string' },
      rounds: { type: 'string', default: '12' },
      chromium: { type: 'string', default: '/usr/bin/chromium' },
      latency: { type: 'string', default: '0' },
    },
  });
  const rounds = Number(values.rounds);
  const latency = Number(values.latency);
  if (!Number.isInteger(latency) || latency < 0 || latency > 1000) {
    console.error('--latency: milliseconds added to each round trip, an integer between 0 and 1000');
    return 2;
  }
  if (!values.against) {
    console.error('--against: the build of the web client to compare with (a dist folder)');
    return 2;
  }
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 200) {
    console.error('--rounds: an integer between 1 and 200');
    return 2;
  }
  const { benchEditorCompare } = await import('./editor-compare.ts');
  return benchEditorCompare({ build: path.resolve(values.build), against: path.resolve(values.against), rounds, chromium: values.chromium, latency });
}

async function runBot(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '60' },
      fixtures: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'audio') },
      chromium: { type: 'string', default: '/usr/bin/chromium' },
    },
  });
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 600) {
    console.error('--seconds: an integer between 10 and 600');
    return 2;
  }
  const { benchBot } = await import('./bots.ts');
  return benchBot({ seconds, fixtures: path.resolve(values.fixtures), chromium: values.chromium, write: values.write });
}

async function runEditor(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      runs: { type: 'string', default: '5' },
      keystrokes: { type: 'string', default: '200' },
      'remote-edits': { type: 'string', default: '100' },
      documents: { type: 'string', default: '8' },
      rate: { type: 'string', default: '100' },
      seconds: { type: 'string', default: '10' },
      chromium: { type: 'string', default: '/usr/bin/chromium' },
    },
  });
  const numbers: Record<string, [number, number]> = {
    runs: [1, 100],
    keystrokes: [10, 5000],
    'remote-edits': [10, 2000],
    documents: [1, 64],
    rate: [1, 1000],
    seconds: [1, 600],
  };
  const parsed: Record<string, number> = {};
  for (const [name, [min, max]] of Object.entries(numbers)) {
    const value = Number(values[name as keyof typeof values]);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name}: an integer between ${min} and ${max}`);
      return 2;
    }
    parsed[name] = value;
  }
  const { benchEditor } = await import('./editor.ts');
  return benchEditor({
    runs: parsed.runs!,
    keystrokes: parsed.keystrokes!,
    remoteEdits: parsed['remote-edits']!,
    documents: parsed.documents!,
    rate: parsed.rate!,
    seconds: parsed.seconds!,
    chromium: values.chromium,
    write: values.write,
    command: `palabre bench editor ${args.filter((a) => a !== '--write').join(' ')}`.trim(),
  });
}

async function runScale(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      write: { type: 'boolean', default: false },
      seconds: { type: 'string', default: '30' },
      uploads: { type: 'string', default: '50' },
      viewers: { type: 'string', default: '200' },
      editors: { type: 'string', default: '20' },
      users: { type: 'string', default: '50' },
      library: { type: 'string', default: '3000' },
      fixtures: { type: 'string', default: path.resolve(REPO_ROOT, '..', 'shared', 'fixtures', 'audio') },
    },
  });
  const bounds = { seconds: [5, 300], uploads: [1, 200], viewers: [2, 2000], editors: [2, 100], users: [1, 200], library: [10, 100_000] } as const;
  const numbers = {} as Record<keyof typeof bounds, number>;
  for (const [name, [min, max]] of Object.entries(bounds) as Array<[keyof typeof bounds, readonly [number, number]]>) {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max) {
      console.error(`--${name}: an integer between ${min} and ${max}`);
      return 2;
    }
    numbers[name] = value;
  }
  const { benchScale } = await import('./scale.ts');
  return benchScale({ ...numbers, fixtures: path.resolve(values.fixtures), write: values.write });
}
