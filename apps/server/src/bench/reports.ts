/**
 * `palabre bench reports`: how long each report kind takes with the extractive methods (no language
 * model) on a one-hour synthetic meeting (about 9,000 words, three speakers), and the keyword
 * extraction (statistical keyphrases) on the same text: the median of --runs, on the calling thread.
 */
import { extractKeyphrases } from '@palabre/engines';
import { REPORT_KINDS } from '@palabre/shared';
import { generateReport } from '../reports/generate.ts';
import { reportLabels } from '../reports/labels.ts';
import { countWords, reportTurns } from '../reports/material.ts';
import { machine, markdownTable, median, textTable, today, writeSection } from './report.ts';
import { meetingTranscript } from './meeting-transcript.ts';

async function timed<T>(runs: number, fn: () => Promise<T> | T): Promise<{ ms: number; result: T }> {
  const times: number[] = [];
  let result: T | undefined;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await fn();
    times.push(performance.now() - start);
  }
  return { ms: median(times), result: result! };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

export async function benchReports(options: { runs: number; write: boolean }): Promise<number> {
  const { transcript, words, duration } = meetingTranscript();
  const turns = reportTurns(transcript, reportLabels('en').unknownSpeaker);
  const rows: Array<Array<string | number>> = [];
  for (const kind of REPORT_KINDS) {
    const { ms: time, result } = await timed(options.runs, () => generateReport({ kind, language: 'en', turns, duration, profile: null }));
    rows.push([kind, ms(time), countWords(result.markdown)]);
  }
  const text = turns.map((t) => t.text).join('\n');
  const keywords = await timed(options.runs, () => extractKeyphrases(text, { language: 'en', max: 20 }));
  rows.push(['keywords (20 keyphrases)', ms(keywords.ms), keywords.result.length]);
  const header = ['what', `median of ${options.runs}`, 'words out'];
  console.log(`Extractive reports of a one-hour synthetic meeting (${words} words, ${transcript.text.length} turns, ${transcript.speakers.length} speakers)\n`);
  console.log(textTable(header, rows));
  if (options.write) {
    writeSection(
      'reports',
      `## Reports: the extractive methods on a one-hour meeting

Measured by \`palabre bench reports --runs ${options.runs} --write\` on ${today()}: ${machine()}.
A synthetic one-hour meeting (${words} words in ${transcript.text.length} turns, ${transcript.speakers.length} speakers,
sentences from varied templates: figures, questions, hesitations, decisions), each report kind made
without a language model (docs/reports.md, "Extractive methods"), and the keywords (20 statistical
keyphrases). Times are the methods' own on the calling thread (the server runs them in the
\`report.generate\` job); "words out" counts the Markdown written (times and speaker names included).

${markdownTable(header, rows)}

With a language model the time is the model's: one call per chunk of turns that fits its context,
then the calls combining their notes (docs/reports.md, "Long transcripts").`,
    );
  }
  return 0;
}
