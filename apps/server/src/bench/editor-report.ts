/** Tables of `palabre bench editor`: the terminal's and the "Transcript editor" section of docs/PERFORMANCE.md. */
import type { CpuFigures, MemoryFigures } from './editor-server-figures.ts';
import type { KeySample, OpenSample } from './editor-browser.ts';
import { percentile } from './library.ts';
import { markdownTable, median, mib, textTable, type Cell } from './report.ts';

export interface Measured<T> {
  samples: T[];
  lost?: number;
  /** Why it was not measured (the figure is then left out). */
  error?: string;
}

export interface EditorResults {
  date: string;
  machine: string;
  command: string;
  document: { words: number; turns: number; speakers: number; lowConfidence: number; jsonBytes: number; yjsBytes: number; duration: number };
  audio: { size: number; duration: number; makeMs: number };
  open: Measured<OpenSample> & { first?: OpenSample };
  typingPaused: Measured<KeySample>;
  typingPlaying: Measured<KeySample> & { played?: number };
  remote: Measured<KeySample> & { typed?: number };
  memory: MemoryFigures | { error: string };
  cpu: CpuFigures | { error: string };
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value < 10 ? `${value.toFixed(1)} ms` : `${Math.round(value)} ms`);
const p = (values: number[], q: number) => (values.length ? (q === 0.5 ? median(values) : percentile(values, q)) : NaN);

interface Row {
  name: string;
  goal: string;
  values: number[];
  dom?: number[];
  limit: number;
  /** What the goal bounds: the median, the p95, or the share of keystrokes shown within one frame (≥ 95 %). */
  on: 'median' | 'p95' | 'frame';
  oneFrame?: boolean[];
  count: string;
  error?: string;
}

function rows(r: EditorResults): Row[] {
  const lost = (m: Measured<unknown>) => (m.lost ? ` (${m.lost} not seen)` : '');
  return [
    {
      name: 'open → first interactive paint',
      goal: '≤ 1 s',
      values: r.open.samples.map((s) => s.painted),
      dom: r.open.samples.map((s) => s.ready),
      limit: 1000,
      on: 'median',
      count: `${r.open.samples.length} opens`,
      error: r.open.error,
    },
    {
      name: 'keystroke → painted, audio paused',
      goal: 'p95 within one frame (16 ms)',
      values: r.typingPaused.samples.map((s) => s.painted),
      dom: r.typingPaused.samples.map((s) => s.dom),
      oneFrame: r.typingPaused.samples.map((s) => s.oneFrame === true),
      limit: 0.95,
      on: 'frame',
      count: `${r.typingPaused.samples.length} keystrokes${lost(r.typingPaused)}`,
      error: r.typingPaused.error,
    },
    {
      name: 'keystroke → painted, audio playing',
      goal: 'p95 within one frame (16 ms)',
      values: r.typingPlaying.samples.map((s) => s.painted),
      dom: r.typingPlaying.samples.map((s) => s.dom),
      oneFrame: r.typingPlaying.samples.map((s) => s.oneFrame === true),
      limit: 0.95,
      on: 'frame',
      count: `${r.typingPlaying.samples.length} keystrokes${lost(r.typingPlaying)}`,
      error: r.typingPlaying.error,
    },
    {
      name: 'keystroke in A → painted in B',
      goal: 'p95 ≤ 100 ms',
      values: r.remote.samples.map((s) => s.painted),
      dom: r.remote.samples.map((s) => s.dom),
      limit: 100,
      on: 'p95',
      count: `${r.remote.samples.length} edits${lost(r.remote)}${r.remote.typed !== undefined ? ` of ${r.remote.typed} typed` : ''}`,
      error: r.remote.error,
    },
  ];
}

function browserTable(r: EditorResults): { header: string[]; body: Cell[][] } {
  const header = ['measure', 'goal', 'painted: median', 'p95', 'in the DOM: median', 'p95', 'within one frame', 'samples', 'goal met'];
  const body = rows(r).map((row): Cell[] => {
    if (row.error || row.values.length === 0) return [row.name, row.goal, '–', '–', '–', '–', '–', row.count, `not measured: ${row.error ?? 'no sample'}`];
    const dom = row.dom ?? [];
    const share = row.oneFrame ? row.oneFrame.filter(Boolean).length / row.oneFrame.length : NaN;
    const met = row.on === 'frame' ? share >= row.limit : (row.on === 'median' ? p(row.values, 0.5) : p(row.values, 0.95)) <= row.limit;
    const frame = Number.isNaN(share) ? '–' : `${(share * 100).toFixed(1)} %`;
    return [row.name, row.goal, ms(p(row.values, 0.5)), ms(p(row.values, 0.95)), ms(p(dom, 0.5)), ms(p(dom, 0.95)), frame, row.count, met ? 'yes' : 'no'];
  });
  return { header, body };
}

function serverTable(r: EditorResults): { header: string[]; body: Cell[][] } {
  const header = ['measure', 'value', 'details'];
  const body: Cell[][] = [];
  if ('error' in r.memory) body.push(['memory per open document', '–', `not measured: ${r.memory.error}`]);
  else {
    const m = r.memory;
    const per = (k: 'rss' | 'heapUsed' | 'external' | 'arrayBuffers') => (m.open[k] - m.before[k]) / m.documents;
    body.push([
      'memory per open document (RSS)',
      mib(per('rss')),
      `${m.documents} document${m.documents === 1 ? '' : 's'} joined; heap ${mib(per('heapUsed'))}, external ${mib(per('external'))} each`,
    ]);
    body.push(['join a document (cold)', ms(median(m.joinMs)), `median of ${m.joinMs.length}; first ${ms(m.joinMs[0]!)}, slowest ${ms(Math.max(...m.joinMs))}`]);
    body.push([
      'server RSS: none open / all open / 15 s after the last left',
      `${mib(m.before.rss)} / ${mib(m.open.rss)} / ${mib(m.left.rss)}`,
      `heap ${mib(m.before.heapUsed)} / ${mib(m.open.heapUsed)} / ${mib(m.left.heapUsed)}`,
    ]);
  }
  if ('error' in r.cpu) body.push(['CPU per 100 edits/s', '–', `not measured: ${r.cpu.error}`]);
  else {
    const c = r.cpu;
    const per100 = c.cpuMsPerEdit * 100;
    body.push([
      'CPU per 100 edits/s',
      Number.isNaN(per100) ? '–' : `${Math.round(per100)} ms/s (${(per100 / 10).toFixed(1)} % of a core)`,
      `${Number.isNaN(c.cpuMsPerEdit) ? '–' : c.cpuMsPerEdit.toFixed(2)} ms of server CPU per acknowledged one-character edit, above idle (${Math.round(c.idleCpuMsPerSecond)} ms/s)`,
    ]);
    const refusals = Object.entries(c.reasons)
      .map(([reason, n]) => `${n} × ${reason}`)
      .join(', ');
    body.push([
      `${c.rate} edits/s for ${c.seconds} s`,
      `${c.acknowledgedEdits} of ${c.edits} edits acknowledged`,
      `${c.edits} edits typed by ${c.writers} sockets (one observer) in ${c.sent} updates, ${c.acknowledged} acknowledged (${c.acknowledgedEdits} edits)` +
        `${c.refused ? `, ${c.refused} refused (${refusals})` : ''}, the last ${Math.max(0, c.wall - c.seconds).toFixed(1)} s after the typing stopped; ${c.relayed} relayed to the observer; the server used ${Math.round(c.busyCpuMsPerSecond)} ms of CPU per second`,
    ]);
    body.push(['update → acknowledged (durably stored)', `p50 ${ms(c.ackP50)}, p95 ${ms(c.ackP95)}`, 'at that rate']);
  }
  return { header, body };
}

/** What the DOM held once the editor was open: the virtualised list renders a window of the document. */
function domLine(r: EditorResults): string {
  const last = r.open.samples[r.open.samples.length - 1];
  if (!last) return '';
  const scripts = median(r.open.samples.map((s) => s.scriptsLoaded));
  const mark = (name: string) => {
    const times = r.open.samples.map((s) => s.marks[name]).filter((t): t is number => t !== undefined);
    return times.length > 0 ? ms(median(times)) : '–';
  };
  return (
    `\nOf the time to open, the page's entry script had run (DOMContentLoaded) after ${ms(scripts)} (median); the rest is ` +
    `joining the document over the socket (the whole three-hour document comes in the join's answer), the application's code and its ` +
    `route's checks, and painting. The editor's marks (medians, from the navigation's start): join sent (by the entry script, before the ` +
    `application's code runs) ${mark('editor:join-sent')}, answered ${mark('editor:join-answered')}, document applied ${mark('editor:document-applied')}. ` +
    `Once open, the page held ${last.turns} of the ${r.document.turns.toLocaleString('en-US')} turns (${last.words.toLocaleString('en-US')} words) and ${last.elements.toLocaleString('en-US')} elements in its DOM.\n`
  );
}

export function editorText(r: EditorResults): string {
  const b = browserTable(r);
  const s = serverTable(r);
  return `${textTable(b.header, b.body)}\n\n${textTable(s.header, s.body)}`;
}

export function editorMarkdown(r: EditorResults): string {
  const b = browserTable(r);
  const s = serverTable(r);
  const d = r.document;
  return `## Transcript editor: a three-hour transcript, in Chromium and on the server

Measured ${r.date} by \`${r.command}\` on ${r.machine}.
Other work shared the machine (see the load average): figures are indicative.

The document: a synthetic three-hour meeting (\`apps/server/src/bench/synthetic-transcript.ts\`,
deterministic) of ${d.words.toLocaleString('en-US')} words in ${d.turns.toLocaleString('en-US')} turns between ${d.speakers} speakers over ${d.duration.toLocaleString('en-US')} s, with
punctuation and ${(d.lowConfidence * 100).toFixed(1)} % low-confidence words: ${mib(d.jsonBytes)} as Transcript JSON, ${mib(d.yjsBytes)} as
a Yjs update. The media: a quiet tone of the same length, AAC at 8 kb/s (${mib(r.audio.size)}, ${Math.round(r.audio.duration).toLocaleString('en-US')} s,
made by ffmpeg in ${(r.audio.makeMs / 1000).toFixed(1)} s), inserted as a processed media in a fresh server (PGlite, 127.0.0.1, its own process).

Browser: Debian's Chromium, headless, driven by Playwright; every time is taken inside the page.
"Open" runs from the navigation's start to the frame painted after the editor is ready
(\`[data-editor-ready="true"]\`) with an editable turn text; each open is a new tab of a signed-in
browser, one after the other. The first open (scripts not yet cached, the document loaded from the
database by the server) took ${ms(r.open.first?.painted ?? NaN)} and is left out; the later ones find the scripts cached and
the document still loaded on the server.
Keystrokes are letters typed into a word of a turn in the middle of the document (scrolled there,
then a click on the word), one every 60 ms, measured from the keydown event's time stamp to the
character in the DOM (a MutationObserver), and to the end of the frame that painted it; "audio
playing": the same with the player playing${r.typingPlaying.played !== undefined ? ` (it played ${r.typingPlaying.played.toFixed(1)} s meanwhile)` : ''}. A painted time includes the wait
for the display's next frame (up to 16.7 ms at 60 Hz, whatever the page does), so the one-frame goal
is read per keystroke: the character was in the DOM within 16.7 ms of the keydown and before the
first frame after the keydown was drawn (that frame showed it); the goal is met when at least 95 % of
the keystrokes are. Remote: two signed-in browser contexts on the
same turn; a keystroke in A, painted in B (both pages' clocks are one clock: timeOrigin +
performance.now()). Goals from the work order: open ≤ 1 s (median), keystroke p95 within one frame,
remote p95 ≤ 100 ms.

${markdownTable(b.header, b.body)}
${domLine(r)}
Server, in its own process, through the collaboration socket (a Node client of the protocol):
memory is the server's, after a full garbage collection, before and after clients joined that many
distinct copies of the document; CPU is the server process's CPU time while clients type
one-character edits into one open document at the given rate (spread over several sockets, as one
socket may send at most 40 updates per second), minus the same span idle with the clients joined,
per acknowledged edit. Each client, like the web editor, has at most one update waiting for its
acknowledgement; what is typed meanwhile goes in its next update.

${markdownTable(s.header, s.body)}`;
}
