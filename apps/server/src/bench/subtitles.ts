/**
 * `palabre bench subtitles`: how often generated screens break each broadcast rule, on real speech
 * (the built-in engine's word times on the English fixture and Debian's LibriVox recordings) and on a
 * synthetic three-hour transcript, next to naive cutting on character counts alone. Each remaining
 * violation is classified: where the speech itself makes a rule impossible to meet, it says why.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertToEnginePcm, createPocketSphinxEngine } from '@palabre/engines';
import { DEFAULT_SUBTITLE_SETTINGS, SCREEN_RULES, type Screen, type ScreenRule, type SubtitleSettings, type Transcript } from '@palabre/shared';
import { checkScreens, generateScreens, minGapSeconds, readableLength } from '@palabre/shared/subtitles';
import { machine, markdownTable, percent, textTable, today, writeSection } from './report.ts';
import { syntheticTranscript } from './synthetic-transcript.ts';
import { LIBRIVOX_DIR, parseSphinxTranscription } from './wer.ts';

interface Input {
  name: string;
  transcript: Transcript;
}

/** Cutting on character counts only: fill a screen's lines greedily, start a new one when full. */
export function naiveScreens(transcript: Transcript, settings: SubtitleSettings): Screen[] {
  const screens: Screen[] = [];
  const capacity = settings.maxCharsPerLine * settings.maxLinesPerScreen;
  for (const turn of transcript.text) {
    let words: typeof turn.words = [];
    const flush = () => {
      if (words.length === 0) return;
      const lines: string[] = [];
      for (const w of words) {
        const last = lines[lines.length - 1];
        if (last !== undefined && [...`${last} ${w.word}`].length <= settings.maxCharsPerLine) lines[lines.length - 1] = `${last} ${w.word}`;
        else lines.push(w.word);
      }
      screens.push({ id: String(screens.length), start: words[0]!.stime, end: words[words.length - 1]!.etime, text: lines.join('\n'), speakers: [turn.speaker_id] });
      words = [];
    };
    for (const word of turn.words) {
      const length = [...words.map((w) => w.word).join(' ')].length;
      if (words.length > 0 && length + 1 + [...word.word].length > capacity) flush();
      words.push(word);
    }
    flush();
  }
  return screens;
}

type Cause =
  | 'speech too fast to read before the next speech'
  | 'speech too short, the next speech follows at once'
  | 'a single word longer than a line'
  | 'a single word lasts longer than a screen may'
  | 'unexplained';

/** Why a screen breaks a rule, when the source speech leaves no way to meet it. */
function causeOf(rule: ScreenRule, screen: Screen, next: Screen | undefined, settings: SubtitleSettings): Cause {
  const room = (next ? next.start - minGapSeconds(settings) : Infinity) - screen.start;
  const needed = Math.max(settings.minScreenDuration, readableLength(screen.text) / settings.maxCharsPerSecond);
  const oneWord = !/\s/u.test(screen.text.trim());
  if (rule === 'too_fast' && room < needed + 1e-3) return 'speech too fast to read before the next speech';
  if (rule === 'too_short' && room < settings.minScreenDuration + 1e-3) return 'speech too short, the next speech follows at once';
  if (rule === 'line_too_long' && oneWord) return 'a single word longer than a line';
  if (rule === 'too_long' && oneWord) return 'a single word lasts longer than a screen may';
  return 'unexplained';
}

interface Figures {
  screens: number;
  byRule: Map<ScreenRule, number>;
  /** Screens breaking at least one rule. */
  breaking: number;
  causes: Map<Cause, number>;
  ms: number;
}

function measure(screens: Screen[], settings: SubtitleSettings, ms: number): Figures {
  const warnings = checkScreens(screens, settings);
  const byId = new Map(screens.map((s, i) => [s.id, i]));
  const byRule = new Map<ScreenRule, number>();
  const causes = new Map<Cause, number>();
  for (const w of warnings) {
    byRule.set(w.rule, (byRule.get(w.rule) ?? 0) + 1);
    const i = byId.get(w.screenId)!;
    const cause = causeOf(w.rule, screens[i]!, screens[i + 1], settings);
    causes.set(cause, (causes.get(cause) ?? 0) + 1);
  }
  return { screens: screens.length, byRule, breaking: new Set(warnings.map((w) => w.screenId)).size, causes, ms };
}

async function speechInputs(fixtures: string): Promise<Input[]> {
  const engine = createPocketSphinxEngine();
  const available = await engine.availability({ language: 'en' });
  if (!available.ok) {
    console.error(`pocketsphinx is not available (${available.reason}): real speech is skipped`);
    return [];
  }
  const files = [{ name: 'jfk-en.wav (fixture)', file: path.join(fixtures, 'jfk-en.wav') }];
  const transcription = path.join(LIBRIVOX_DIR, 'transcription');
  if (fs.existsSync(transcription)) {
    for (const t of parseSphinxTranscription(fs.readFileSync(transcription, 'utf8'))) files.push({ name: `librivox/${t.id}.wav`, file: path.join(LIBRIVOX_DIR, `${t.id}.wav`) });
  } else console.error('pocketsphinx-testdata is not installed: only the JFK fixture is used');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-bench-subtitles-'));
  try {
    const turns: Transcript['text'] = [];
    let offset = 0;
    for (const [index, item] of files.entries()) {
      if (!fs.existsSync(item.file)) continue;
      const wavPath = path.join(work, `${index}.wav`);
      await convertToEnginePcm(item.file, wavPath);
      const result = await engine.transcribe({ wavPath, language: 'en' });
      for (const segment of result.segments) {
        const words = segment.words.map((w, k) => ({
          wid: `${index}-${turns.length}-${k}`,
          word: w.word,
          stime: offset + w.stime,
          etime: offset + w.etime,
          confidence: w.confidence ?? 1,
        }));
        if (words.length === 0) continue;
        turns.push({
          turn_id: `t${turns.length}`,
          speaker_id: 'reader',
          segment: words.map((w) => w.word).join(' '),
          stime: words[0]!.stime,
          etime: words[words.length - 1]!.etime,
          words,
        });
      }
      offset = Math.ceil((turns[turns.length - 1]?.etime ?? offset) + 2);
      process.stdout.write('.');
    }
    return [
      {
        name: `real speech: ${files.length} recordings, engine word times (${Math.round(offset)} s)`,
        transcript: { version: 1, speakers: [{ speaker_id: 'reader', speaker_name: 'Reader' }], text: turns },
      },
    ];
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export async function benchSubtitles(options: { write: boolean; fixtures: string }): Promise<number> {
  const settings = DEFAULT_SUBTITLE_SETTINGS;
  const synthetic = syntheticTranscript();
  const inputs: Input[] = [
    ...(await speechInputs(options.fixtures)),
    { name: `synthetic: three hours, ${synthetic.words} words, ${synthetic.transcript.speakers.length} speakers`, transcript: synthetic.transcript },
  ];
  const rows: Array<Array<string | number>> = [];
  const causeRows: Array<Array<string | number>> = [];
  for (const input of inputs) {
    for (const [method, run] of [
      ['Palabre', () => generateScreens(input.transcript, settings)],
      ['naive (characters only)', () => naiveScreens(input.transcript, settings)],
    ] as const) {
      const started = performance.now();
      const screens = run();
      const figures = measure(screens, settings, performance.now() - started);
      const share = (n: number) => (n === 0 ? '0' : percent(n / figures.screens));
      rows.push([input.name, method, figures.screens, share(figures.breaking), ...SCREEN_RULES.map((rule) => share(figures.byRule.get(rule) ?? 0)), `${figures.ms.toFixed(0)} ms`]);
      if (method === 'Palabre') for (const [cause, n] of figures.causes) causeRows.push([input.name, cause, n]);
    }
  }
  const header = ['input', 'method', 'screens', 'breaking any rule', ...SCREEN_RULES, 'time'];
  console.log(`\n${textTable(header, rows)}`);
  console.log(`\nRemaining violations of generated screens, by cause:\n${causeRows.length ? textTable(['input', 'cause', 'warnings'], causeRows) : '(none)'}`);
  if (options.write) {
    writeSection(
      'subtitles',
      `## Subtitles

\`palabre bench subtitles --write\`, ${today()}, ${machine()}. Defaults: ${settings.maxCharsPerLine} characters a line, ${settings.maxLinesPerScreen} lines, ${settings.maxCharsPerSecond} characters a second, screens ${settings.minScreenDuration.toFixed(2)}–${settings.maxScreenDuration} s, a gap of ${settings.minGapFrames} frames at ${settings.frameRate} fps (docs/subtitles.md). Share of screens breaking each rule; the goal is none, except where the speech itself makes a rule impossible (listed below).

${markdownTable(header, rows)}

Remaining violations of generated screens, by cause:

${causeRows.length ? markdownTable(['input', 'cause', 'warnings'], causeRows) : 'None.'}`,
    );
  }
  return 0;
}
