/**
 * `palabre bench media wer`: word error rate of the pocketsphinx engine on real English recordings
 * with reference transcripts: Debian's pocketsphinx-testdata LibriVox clips (read speech, "Sense and
 * Sensibility") and the JFK fixture. Per-file WER and the corpus WER (errors / reference words),
 * next to the bare decoder's on the same samples, and the goals: LibriVox corpus no worse than the
 * bare decoder, jfk-en.wav at most 35 %.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertToEnginePcm, createPocketSphinxEngine, readWavInfo, wordErrorRate, type WerResult } from '@palabre/engines';
import { runBareDecoder, toRawPcm } from './bare-decoder.ts';
import { machine, markdownTable, percent, textTable, today, writeSection } from './report.ts';

export const LIBRIVOX_DIR = '/usr/share/pocketsphinx/test/data/librivox';
export const JFK_GOAL = 0.35;
export const JFK_REFERENCE = 'And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.';

/** Lines of the form `<s> words … </s> (file-id)`. */
export function parseSphinxTranscription(text: string): Array<{ id: string; reference: string }> {
  const out = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(?:<s>)?\s*(.*?)\s*(?:<\/s>)?\s*\(([^)]+)\)\s*$/.exec(line);
    if (match) out.push({ id: match[2]!, reference: match[1]! });
  }
  return out;
}

export async function benchWer(options: { write: boolean; fixtures: string }): Promise<number> {
  const transcription = path.join(LIBRIVOX_DIR, 'transcription');
  if (!fs.existsSync(transcription)) {
    console.error(`${transcription} not found: install Debian's test recordings first (sudo apt-get install -y pocketsphinx-testdata).`);
    return 1;
  }
  const jfk = path.join(options.fixtures, 'jfk-en.wav');
  if (!fs.existsSync(jfk)) {
    console.error(`${jfk} not found (use --fixtures <dir>)`);
    return 1;
  }
  const items = [
    ...parseSphinxTranscription(fs.readFileSync(transcription, 'utf8')).map((t) => ({
      name: `librivox/${t.id}.wav`,
      file: path.join(LIBRIVOX_DIR, `${t.id}.wav`),
      reference: t.reference,
    })),
    { name: 'jfk-en.wav (fixture)', file: jfk, reference: JFK_REFERENCE },
  ];
  const engine = createPocketSphinxEngine();
  const available = await engine.availability({ language: 'en' });
  if (!available.ok) {
    console.error(`pocketsphinx is not available: ${available.reason}`);
    return 1;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-wer-'));
  try {
    const results: Array<{ name: string; duration: number; reference: string; hypothesis: string; wer: WerResult; bare: WerResult }> = [];
    for (const [index, item] of items.entries()) {
      const wavPath = path.join(work, `${index}.wav`);
      await convertToEnginePcm(item.file, wavPath);
      const duration = (await readWavInfo(wavPath)).durationSeconds;
      const result = await engine.transcribe({ wavPath, language: 'en' });
      const hypothesis = result.segments.flatMap((s) => s.words.map((w) => w.word)).join(' ');
      const rawPath = path.join(work, `${index}.raw`);
      await toRawPcm(item.file, rawPath);
      const bare = await runBareDecoder(rawPath);
      results.push({
        name: item.name,
        duration,
        reference: item.reference,
        hypothesis,
        wer: wordErrorRate(item.reference, hypothesis),
        bare: wordErrorRate(item.reference, bare.words),
      });
      process.stdout.write('.');
    }
    const header = ['recording', 'audio', 'ref words', 'sub', 'del', 'ins', 'WER', 'bare decoder WER'];
    const rows = results.map((r) => [
      r.name,
      `${r.duration.toFixed(1)} s`,
      r.wer.referenceWords,
      r.wer.substitutions,
      r.wer.deletions,
      r.wer.insertions,
      percent(r.wer.wer),
      percent(r.bare.wer),
    ]);
    const sum = (f: (w: WerResult) => number, list = results, which: 'wer' | 'bare' = 'wer') => list.reduce((n, r) => n + f(r[which]), 0);
    const corpus = (list: typeof results, which: 'wer' | 'bare' = 'wer') =>
      sum((w) => w.substitutions + w.deletions + w.insertions, list, which) / sum((w) => w.referenceWords, list, which);
    const librivox = results.filter((r) => r.name.startsWith('librivox/'));
    const jfkResult = results.find((r) => r.name.startsWith('jfk-en.wav'))!;
    rows.push([
      '**corpus**',
      `${results.reduce((n, r) => n + r.duration, 0).toFixed(1)} s`,
      sum((w) => w.referenceWords),
      sum((w) => w.substitutions),
      sum((w) => w.deletions),
      sum((w) => w.insertions),
      `**${percent(corpus(results))}**`,
      percent(corpus(results, 'bare')),
    ]);
    const goals = [
      `LibriVox corpus: ${percent(corpus(librivox))} vs the bare decoder's ${percent(corpus(librivox, 'bare'))} (goal: no worse): ${corpus(librivox) <= corpus(librivox, 'bare') ? 'met' : 'NOT met'}`,
      `jfk-en.wav: ${percent(jfkResult.wer.wer)} (goal: at most ${percent(JFK_GOAL)}): ${jfkResult.wer.wer <= JFK_GOAL ? 'met' : 'NOT met'}`,
    ];
    console.log(`\n\n${textTable(header, rows)}`);
    console.log(`LibriVox clips only: ${percent(corpus(librivox))}`);
    for (const goal of goals) console.log(goal);
    for (const r of results) console.log(`\n${r.name}\n  ref: ${r.reference}\n  hyp: ${r.hypothesis}`);
    if (options.write) {
      writeSection(
        'media:wer',
        `## Media pipeline: pocketsphinx word error rate

Measured ${today()} by \`palabre bench media wer\` on ${machine()}.

Recordings: the ${librivox.length} LibriVox clips of Debian's \`pocketsphinx-testdata\` package
(\`${LIBRIVOX_DIR}\`, read speech from "Sense and Sensibility", references from its \`transcription\`
file) and the \`jfk-en.wav\` fixture (reference: "${JFK_REFERENCE}"). Each is converted to 16 kHz mono
PCM and transcribed by the pocketsphinx adapter with Debian's \`en-us\` models (the pipeline's
default engine); the bare decoder is \`pocketsphinx_continuous\` on the same samples as raw PCM
(same models, its own 2048-sample blocks). WER = (substitutions + deletions + insertions) / reference words after
normalisation (case and punctuation do not count); the corpus figure is total errors / total
reference words. LibriVox clips alone: **${percent(corpus(librivox))}**.

Goals:

${goals.map((g) => `- ${g}`).join('\n')}

${markdownTable(header, rows)}

Hypotheses:

${results.map((r) => `- ${r.name}: "${r.hypothesis}"`).join('\n')}

Spelling variants count as errors (\`mister\` → \`mr\`). Read speech of this quality is the easy case
for this decoder; spontaneous, distant or noisy speech will do worse. Whisper models are not measured
here (none installed on this machine).`,
      );
    }
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
