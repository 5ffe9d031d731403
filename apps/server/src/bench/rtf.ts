/**
 * `palabre bench media rtf`: transcription real-time factor (wall time / audio duration) per engine
 * on the audio fixtures, each converted once to 16 kHz mono PCM WAV as the pipeline does. Engines
 * that cannot run here (no model, no endpoint) or do not cover a fixture's language are listed with
 * the reason.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  convertToEnginePcm,
  createOpenAiEngine,
  createPocketSphinxEngine,
  createWhisperEngine,
  readWavInfo,
  type RequestedLanguage,
  type TranscriptionEngine,
} from '@palabre/engines';
import { machine, markdownTable, median, textTable, today, writeSection } from './report.ts';

export const RTF_FIXTURES: ReadonlyArray<{ file: string; language: RequestedLanguage }> = [
  { file: 'jfk-en.wav', language: 'en' },
  { file: 'short-fr.wav', language: 'fr' },
  { file: 'meeting-fr-60s.mp3', language: 'fr' },
];

export async function benchRtf(options: { write: boolean; runs: number; fixtures: string; modelsDir: string; openAiEndpoint?: string | undefined }): Promise<number> {
  const missing = RTF_FIXTURES.filter((f) => !fs.existsSync(path.join(options.fixtures, f.file)));
  if (missing.length > 0) {
    console.error(`Fixtures not found in ${options.fixtures}: ${missing.map((f) => f.file).join(', ')} (use --fixtures <dir>)`);
    return 1;
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-rtf-'));
  try {
    const inputs = [];
    for (const fixture of RTF_FIXTURES) {
      const wavPath = path.join(work, `${path.parse(fixture.file).name}.wav`);
      await convertToEnginePcm(path.join(options.fixtures, fixture.file), wavPath);
      inputs.push({ ...fixture, wavPath, duration: (await readWavInfo(wavPath)).durationSeconds });
    }
    const engines: Array<{ label: string; engine: TranscriptionEngine }> = [
      { label: 'pocketsphinx (en-us)', engine: createPocketSphinxEngine() },
      { label: 'whisper (default model)', engine: createWhisperEngine({ modelsDir: options.modelsDir }) },
      { label: 'openai-compatible', engine: createOpenAiEngine(options.openAiEndpoint ? { endpoint: options.openAiEndpoint } : {}) },
    ];
    const header = ['engine', 'fixture', 'audio', 'runs', 'median wall', 'min wall', 'median RTF', 'min RTF', 'words'];
    const rows: string[][] = [];
    const notes: string[] = [];
    for (const { label, engine } of engines) {
      const overall = await engine.availability();
      if (!overall.ok) {
        notes.push(`${label}: not measured — ${overall.reason}`);
        console.log(`${label}: not available — ${overall.reason}`);
        continue;
      }
      for (const input of inputs) {
        const available = await engine.availability({ language: input.language });
        if (!available.ok || !engine.languages.includes(input.language as 'en' | 'fr')) {
          rows.push([label, input.file, `${input.duration.toFixed(1)} s`, '–', 'n/a', 'n/a', 'n/a', 'n/a', `n/a (${input.language})`]);
          const reason = available.ok ? `${input.language} is not among its languages` : available.reason;
          if (!notes.some((n) => n.startsWith(`${label}: ${input.language}`))) notes.push(`${label}: ${input.language} n/a — ${reason}`);
          continue;
        }
        const walls: number[] = [];
        let words = 0;
        for (let run = 0; run < options.runs; run++) {
          const started = performance.now();
          const result = await engine.transcribe({ wavPath: input.wavPath, language: input.language });
          walls.push((performance.now() - started) / 1000);
          words = result.segments.reduce((n, s) => n + s.words.length, 0);
          process.stdout.write('.');
        }
        const med = median(walls);
        const min = Math.min(...walls);
        rows.push([
          label,
          input.file,
          `${input.duration.toFixed(1)} s`,
          String(options.runs),
          `${med.toFixed(2)} s`,
          `${min.toFixed(2)} s`,
          (med / input.duration).toFixed(3),
          (min / input.duration).toFixed(3),
          String(words),
        ]);
      }
    }
    console.log(`\n\n${textTable(header, rows)}`);
    if (notes.length > 0) console.log(`\n${notes.join('\n')}`);
    if (options.write) {
      writeSection(
        'media:rtf',
        `## Media pipeline: transcription real-time factor

Measured ${today()} by \`palabre bench media rtf --runs ${options.runs}\` on ${machine()}.

Each fixture is converted once to 16 kHz mono 16-bit PCM WAV (as the pipeline's preprocessing
does; \`meeting-fr-60s.mp3\` included), then transcribed ${options.runs} times per engine through the engine
adapter (\`transcribe()\`: decoder process start, model load and decoding). RTF = wall time / audio
duration (below 1 is faster than real time); median and minimum of the runs.

${markdownTable(header, rows)}

${notes.map((n) => `- ${n}`).join('\n')}`,
      );
    }
    return 0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
