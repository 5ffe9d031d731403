/**
 * `palabre bench media upload`: a 1 GiB WAV (header + PCM silence) streamed through the real
 * upload route of a real server running in a child process (no job workers, so nothing transcodes
 * during the measurement). The server's RSS is sampled every 50 ms from /proc by this process and
 * its process.memoryUsage() every 50 ms by the server itself. Then the same file plus one byte must
 * be refused with 413 and leave nothing in storage.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_AUDIO_FILE_BYTES } from '@palabre/shared';
import { BenchClient } from './api.ts';
import { filesUnder, ServerChild, type MemoryPeaks } from './bench-server.ts';
import { machine, markdownTable, mib, textTable, today, writeSection } from './report.ts';

const REQUIRED_FREE_BYTES = 3 * 1024 ** 3;

/** A canonical 44-byte header for 16 kHz mono 16-bit PCM of `dataBytes` bytes. */
export function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(Math.min(0xffffffff, 36 + dataBytes), 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20); // PCM
  h.writeUInt16LE(1, 22); // mono
  h.writeUInt32LE(16_000, 24);
  h.writeUInt32LE(32_000, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(Math.min(0xffffffff, dataBytes), 40);
  return h;
}

/** Writes a WAV of exactly `totalBytes` bytes in 8 MiB chunks (never whole in memory). */
export function writeSilentWav(file: string, totalBytes: number): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, wavHeader(totalBytes - 44));
    const chunk = Buffer.alloc(8 * 1024 * 1024);
    let left = totalBytes - 44;
    while (left > 0) {
      const n = Math.min(left, chunk.length);
      fs.writeSync(fd, chunk, 0, n);
      left -= n;
    }
  } finally {
    fs.closeSync(fd);
  }
}

function procRss(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

interface Measured {
  status: number;
  message: string;
  ms: number;
  baselineRss: number;
  sampledPeakRss: number;
  inProcess: MemoryPeaks;
  samples: number;
}

async function measure(child: ServerChild, client: BenchClient, organizationId: string, file: string): Promise<Measured> {
  const pid = child.process.pid!;
  const before = await child.ask('reset');
  const baselineRss = procRss(pid)?.rss ?? before.current.rss;
  let sampledPeakRss = baselineRss;
  let samples = 0;
  const timer = setInterval(() => {
    const now = procRss(pid);
    if (now) {
      samples++;
      sampledPeakRss = Math.max(sampledPeakRss, now.rss);
    }
  }, 50);
  const started = performance.now();
  let answer;
  try {
    answer = await client.uploadFile(organizationId, file, { name: `Bench upload ${path.basename(file)}`, lang: 'en' });
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  const after = await child.ask('peaks');
  const body = answer.body as { message?: string } | string;
  return {
    status: answer.status,
    message: typeof body === 'string' ? body.slice(0, 200) : (body.message ?? JSON.stringify(body)),
    ms,
    baselineRss,
    sampledPeakRss,
    inProcess: after.peaks,
    samples,
  };
}

export async function benchUpload(options: { write: boolean; tmpDir?: string }): Promise<number> {
  const base = options.tmpDir ?? os.tmpdir();
  const stats = await fs.promises.statfs(base);
  const free = stats.bavail * stats.bsize;
  if (free < REQUIRED_FREE_BYTES) {
    console.error(
      `Only ${mib(free)} free in ${base}: the upload benchmark needs 3 GiB (the 1 GiB file, its stored copy, and the refused one's temporary file). Free some space or pass --tmp <dir>.`,
    );
    return 1;
  }
  const work = fs.mkdtempSync(path.join(base, 'palabre-bench-upload-'));
  const dataDir = path.join(work, 'data');
  const file = path.join(work, 'silence-1GiB.wav');
  let child: ServerChild | undefined;
  try {
    console.log(`Writing a ${MAX_AUDIO_FILE_BYTES}-byte WAV (16 kHz mono PCM silence) to ${work}…`);
    writeSilentWav(file, MAX_AUDIO_FILE_BYTES);
    child = new ServerChild(dataDir);
    const ready = await child.next();
    if (ready.type !== 'ready') throw new Error('the server process did not start');
    const client = new BenchClient(ready.url);
    const organizationId = await client.signUpWithOrganization();
    const storageRoot = path.join(dataDir, 'storage');

    console.log('Uploading 1 GiB…');
    const ok = await measure(child, client, organizationId, file);
    const storedAfterOk = filesUnder(storageRoot);
    const storedSizes = storedAfterOk.map((f) => fs.statSync(path.join(storageRoot, f)).size);

    console.log('Uploading 1 GiB + 1 byte (must be refused)…');
    fs.appendFileSync(file, Buffer.from([0]));
    const tooBig = await measure(child, client, organizationId, file);
    const storedAfterRefusal = filesUnder(storageRoot);
    const leftOver = storedAfterRefusal.filter((f) => !storedAfterOk.includes(f));

    const accepted = ok.status === 201 && storedSizes.length === 1 && storedSizes[0] === MAX_AUDIO_FILE_BYTES;
    const refused = tooBig.status === 413 && leftOver.length === 0;
    const mibps = (bytes: number, ms: number) => `${(bytes / 1024 ** 2 / (ms / 1000)).toFixed(0)} MiB/s`;
    const header = ['upload', 'answer', 'time', 'throughput', 'server RSS before', 'peak RSS (/proc, 50 ms)', 'RSS delta', 'peak heapUsed', 'peak external', 'peak arrayBuffers'];
    const row = (label: string, m: Measured, bytes: number) => [
      label,
      `${m.status}`,
      `${(m.ms / 1000).toFixed(1)} s`,
      mibps(bytes, m.ms),
      mib(m.baselineRss),
      mib(Math.max(m.sampledPeakRss, m.inProcess.rss)),
      `+${mib(Math.max(m.sampledPeakRss, m.inProcess.rss) - m.baselineRss)}`,
      mib(m.inProcess.heapUsed),
      mib(m.inProcess.external),
      mib(m.inProcess.arrayBuffers),
    ];
    const rows = [row('1 GiB (1,073,741,824 B)', ok, MAX_AUDIO_FILE_BYTES), row('1 GiB + 1 B', tooBig, MAX_AUDIO_FILE_BYTES + 1)];
    console.log(`\n${textTable(header, rows)}`);
    console.log(
      `\n1 GiB upload: ${accepted ? 'accepted, stored file has the exact size' : `NOT as expected (status ${ok.status}, stored ${JSON.stringify(storedSizes)}: ${ok.message})`}`,
    );
    console.log(
      `1 GiB + 1 B: ${refused ? `refused with 413 ("${tooBig.message}"), nothing left in storage` : `NOT as expected (status ${tooBig.status}, left over: ${leftOver.join(', ') || 'nothing'})`}`,
    );
    console.log(`RSS samples: ${ok.samples} and ${tooBig.samples}`);

    if (options.write) {
      writeSection(
        'media:upload',
        `## Media pipeline: memory while uploading 1 GB

Measured ${today()} by \`palabre bench media upload\` on ${machine()}.

A WAV file of exactly 1 GiB (the limit, ${MAX_AUDIO_FILE_BYTES.toLocaleString('en')} bytes: a 44-byte
header and PCM silence, written in 8 MiB chunks) streamed as a \`multipart/form-data\` body by
\`http.request\` piping a file stream into \`POST /cm-api/api/organizations/{id}/conversations/create\`,
signed in as a user created through the API. The server is a real one (\`startServer\`, fresh data
folder, PGlite, job workers off so that no transcoding runs during the measurement, 127.0.0.1) in
its own process; its RSS is read from \`/proc/<pid>/status\` every 50 ms, and the server samples its
own \`process.memoryUsage()\` every 50 ms (peaks over the upload; peak RSS is the larger of the two).
Client and server share the machine and the disk.

${markdownTable(header, rows)}

- 1 GiB: ${accepted ? 'answered 201; the stored original has exactly the uploaded size.' : `**unexpected**: status ${ok.status}, ${ok.message}.`}
- 1 GiB + 1 byte: ${refused ? `answered 413 ("${tooBig.message}") once the body was read; nothing was left in storage (no original, no temporary file).` : `**unexpected**: status ${tooBig.status}, left over: ${leftOver.join(', ') || 'nothing'}.`}
- Memory stays flat: the file part is piped to storage in busboy's chunks, never held whole. The
  RSS before the upload is mostly the idle server with its embedded PGlite database (the ~256 MiB of
  \`external\` stays the same throughout).`,
      );
    }
    return accepted && refused ? 0 : 1;
  } finally {
    await child?.stop().catch(() => undefined);
    fs.rmSync(work, { recursive: true, force: true });
  }
}
