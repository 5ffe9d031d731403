/**
 * `palabre bench exports`: each export format of a three-hour transcript (the synthetic meeting),
 * with every metadata flag on — the writer's time (median of --runs, on the calling thread), the
 * file's size, the process's peak memory — and LibreOffice's cost for OpenDocument: a one-paragraph
 * conversion (its start-up, nearly all of it) against the three-hour one.
 */
import { EXPORT_FORMATS, type DownloadBody, type ExportFormat } from '@palabre/shared';
import { renderDocx } from '../exports/docx.ts';
import { buildDocument, type ExportDocument } from '../exports/model.ts';
import { docxToOdt, findSoffice } from '../exports/odt.ts';
import { renderInProcess } from '../exports/render.ts';
import { machine, markdownTable, median, mib, textTable, today, writeSection } from './report.ts';
import { syntheticTranscript, THREE_HOURS } from './synthetic-transcript.ts';

const BODY: DownloadBody = { filter: {}, metadata: { description: true, tags: true, keyword: false, timestamp: true, speakers: true } };

async function timed(runs: number, fn: () => Promise<Buffer>): Promise<{ ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = (await fn()).length;
    times.push(performance.now() - start);
  }
  return { ms: median(times), bytes };
}

const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function render(doc: ExportDocument, format: ExportFormat): Promise<Buffer> {
  return format === 'odt' ? renderDocx(doc).then((docx) => docxToOdt(docx)) : renderInProcess(doc, format);
}

export async function benchExports(options: { runs: number; write: boolean }): Promise<number> {
  const { transcript, words, duration } = syntheticTranscript(THREE_HOURS);
  const media = { id: '00000000-0000-4000-8000-000000000000', name: 'Réunion de trois heures', description: 'Synthetic meeting', language: 'en', duration, tags: ['Bench'] };
  const doc = buildDocument(media, transcript, BODY, { language: 'en-US' });
  const before = process.memoryUsage().rss;
  const rows: Array<Array<string | number>> = [];
  for (const format of EXPORT_FORMATS) {
    if (format === 'odt' && !findSoffice()) {
      rows.push([format, 'LibreOffice not installed', '']);
      continue;
    }
    try {
      const result = await timed(format === 'odt' ? Math.min(options.runs, 3) : options.runs, () => render(doc, format));
      rows.push([format, ms(result.ms), kib(result.bytes)]);
    } catch (error) {
      rows.push([format, `failed: ${(error as Error).message}`, '']);
    }
  }
  const peak = process.resourceUsage().maxRSS * 1024;
  let odtRows: Array<Array<string | number>> = [];
  if (findSoffice()) {
    const tiny = buildDocument(media, { ...transcript, text: transcript.text.slice(0, 1) }, BODY, { language: 'en-US' });
    const [tinyDocx, longDocx] = await Promise.all([renderDocx(tiny), renderDocx(doc)]);
    const startCost = await timed(3, () => docxToOdt(tinyDocx));
    const long = await timed(3, () => docxToOdt(longDocx));
    odtRows = [
      ['one paragraph (LibreOffice start-up)', ms(startCost.ms)],
      ['three hours', ms(long.ms)],
      ['conversion itself (difference)', ms(Math.max(0, long.ms - startCost.ms))],
    ];
  }
  const header = ['format', `median of ${options.runs}`, 'size'];
  console.log(`Exports of a three-hour transcript (${words} words, ${transcript.text.length} turns)\n`);
  console.log(textTable(header, rows));
  console.log(`\nresident memory before the exports: ${mib(before)}, peak: ${mib(peak)}`);
  if (odtRows.length) console.log(`\n${textTable(['ODT through soffice', 'median of 3'], odtRows)}`);
  if (options.write) {
    writeSection(
      'exports',
      `## Exports: a three-hour transcript in every format

Measured by \`palabre bench exports --runs ${options.runs} --write\` on ${today()}: ${machine()}.
The synthetic three-hour meeting (${words} words, ${transcript.text.length} turns), every metadata flag
on, no filter. Times are the writers' own (on the calling thread; the server runs them on its
export thread, which adds the hand-over of the document and, for the first export of the process, the thread's start);
ODT is the Word document converted by LibreOffice.

${markdownTable(header, rows)}

Resident memory of the process with the transcript loaded, before the exports: ${mib(before)}; its peak during them: ${mib(peak)}.

${odtRows.length ? `LibreOffice's cost per ODT export (\`soffice --headless --convert-to odt\`, a private profile per call):\n\n${markdownTable(['ODT through soffice', 'median of 3'], odtRows)}\n\nNearly all of a short document's time is LibreOffice starting; at most two conversions run at once.` : 'LibreOffice was not installed: no ODT figures.'}`,
    );
  }
  return 0;
}
