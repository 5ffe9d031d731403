/**
 * Output of the benchmarks: plain-text tables for the terminal, Markdown for docs/PERFORMANCE.md,
 * the machine description, and the replacement of one marked section of that file (so a rerun
 * replaces its figures instead of appending a second copy, and other sections are left alone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root (apps/server/src/bench → four levels up). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const PERFORMANCE_FILE = path.join(REPO_ROOT, 'docs', 'PERFORMANCE.md');

export function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.replace(/\s+/g, ' ').trim() ?? 'unknown CPU';
  const memory = (os.totalmem() / 1024 ** 3).toFixed(1);
  // The load average says whether other work shared the machine during the measurement.
  return `${os.availableParallelism()} cores (${model}), ${memory} GiB memory, Node ${process.version}, ${os.platform()} ${os.release()}, 1-min load average ${os.loadavg()[0]!.toFixed(2)} at the end`;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export type Cell = string | number;

/** Aligned plain-text table. */
export function textTable(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(all[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...all.slice(1).map(line)].join('\n');
}

export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly Cell[]>): string {
  const escape = (c: Cell) => String(c).replace(/\|/g, '\\|');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`)].join('\n');
}

const startMarker = (id: string) => `<!-- bench:${id}:start -->`;
const endMarker = (id: string) => `<!-- bench:${id}:end -->`;

/**
 * The document with the section `id` (between its start and end markers) replaced by `content`.
 * A missing section is added: the intro (`where: 'intro'`) after the document's first paragraphs,
 * before the first `## ` heading; any other at the end. Text outside the markers is kept as is.
 */
export function replaceSection(document: string, id: string, content: string, where: 'intro' | 'end' = 'end'): string {
  const block = `${startMarker(id)}\n${content.trim()}\n${endMarker(id)}`;
  const start = document.indexOf(startMarker(id));
  const end = document.indexOf(endMarker(id));
  if (start >= 0 && end > start) return document.slice(0, start) + block + document.slice(end + endMarker(id).length);
  if (where === 'intro') {
    const heading = document.search(/^## /m);
    if (heading >= 0) return `${document.slice(0, heading)}${block}\n\n${document.slice(heading)}`;
  }
  const base = document.replace(/\s*$/, '');
  return `${base}${base ? '\n\n' : ''}${block}\n`;
}

export const INTRO = `### Reproducing the figures

The media pipeline, media library and transcript editor sections below are written by \`palabre bench …\` (figures, not timed
tests; they are not run by \`npm test\`). From the repository root:

\`\`\`sh
source scripts/node-env.sh
node apps/server/src/cli.ts bench media rtf --write        # real-time factor per engine (--runs 3, --fixtures <dir>)
sudo apt-get install -y pocketsphinx-testdata             # once, for the WER recordings
node apps/server/src/cli.ts bench media wer --write        # word error rate of pocketsphinx
node apps/server/src/cli.ts bench media upload --write     # 1 GB upload through HTTP: memory, time (needs 3 GB free)
node apps/server/src/cli.ts bench media pipeline --write   # upload end → "done" for a 60 s file (--runs 3)
node apps/server/src/cli.ts bench library --write          # 100,000 media: listing and search latency, PGlite and PostgreSQL
node apps/server/src/cli.ts bench editor --write           # three-hour transcript: editor in Chromium, server memory and CPU
node apps/server/src/cli.ts bench subtitles --write        # subtitle rules broken by generated screens, real speech and three hours
node apps/server/src/cli.ts bench exports --write          # three-hour transcript in every export format: time, size, LibreOffice start-up
node apps/server/src/cli.ts bench reports --write          # one-hour meeting: each report kind and the keywords, extractive methods
node apps/server/src/cli.ts bench live --write             # concurrent live PocketSphinx streams in real time: lag, latency, capacity
node apps/server/src/cli.ts bench viewers --write          # a live session's captions to 200 viewers vs 1: latency, fan-out, server cost
node apps/server/src/cli.ts bench bot --write              # one videoconference bot in a loopback meeting: CPU, memory, caption delay
node apps/server/src/cli.ts bench scale --write            # several nodes on loopback: uploads, live viewers, editors, list and search
\`\`\`

\`bench library\` takes \`--count 100000\`, \`--database pglite|postgres|both\` (PostgreSQL: a temporary
database on \`DATABASE_URL\`'s server, else a throwaway local cluster from the PostgreSQL binaries),
\`--runs 30\` and \`--explain\` (prints the query plans); seeding 100,000 media takes tens of minutes.

\`bench editor\` starts its own server (a child process, PGlite) and Debian's Chromium
(\`--chromium /usr/bin/chromium\`; a browser is never downloaded), needs ffmpeg and the built web client
(\`npm run build --workspace @palabre/web\`), and takes \`--runs 5\` (editor opens), \`--keystrokes 200\`,
\`--remote-edits 100\`, \`--documents 8\` (joined at once for the memory figure), \`--rate 100\` and
\`--seconds 10\` (edits per second, and for how long, for the CPU figure); about five minutes.

\`bench viewers\` starts its own server (a child process, PGlite, RTMP and SRT off), needs ffmpeg,
PocketSphinx and Apertium (English → French), and takes \`--viewers 200\` and \`--seconds 60\` (audio
per run; one run with 1 viewer, one with that many, after a 12 s warm-up); about three minutes.

\`bench bot\` runs a server in its process (PGlite, no job workers), a loopback meeting whose speaker is a
second Chromium (\`--chromium /usr/bin/chromium\`), needs PocketSphinx, and takes \`--seconds 60\` (in the call); about
a minute and a half.

\`bench scale\` starts, on loopback only, a throwaway PostgreSQL cluster, an s3rver bucket and four nodes as child
processes (\`bin/palabre serve --role …\`: two API nodes with the collaboration socket, a worker, a live node), needs ffmpeg
and PocketSphinx, and takes \`--seconds 30\` (live stream, editing and list/search load each), \`--uploads 50\`,
\`--viewers 200\`, \`--editors 20\`, \`--users 50\` and \`--library 3000\` (media seeded for list and search); about
five minutes. Every process it started stops at the end, on error and on Ctrl-C.

Without \`--write\` they only print their table. Each run replaces its own section (between
\`<!-- bench:… -->\` markers); the rest of this file is left alone.`;

/** Replaces (or adds) a section of docs/PERFORMANCE.md, and makes sure the intro names the commands. */
export function writeSection(id: string, content: string, file = PERFORMANCE_FILE): void {
  let document = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : "# Performance\n\nMeasured figures for Palabre's processing.\n";
  document = replaceSection(document, 'media:intro', INTRO, 'intro');
  document = replaceSection(document, id, content);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, document);
  console.log(`\n${path.relative(process.cwd(), file) || file}: section "${id}" updated.`);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
export const percent = (x: number) => `${(x * 100).toFixed(1)} %`;
