/**
 * What reports are made from: the transcript's turns with their speaker's name and times, rendered
 * as "[mm:ss] Speaker: text" lines for a model, or cut into timed sentences for the extractive methods.
 */
import { splitSentences, type TextLanguage } from '@palabre/engines';
import type { Transcript } from '@palabre/shared';

export interface ReportTurn {
  speaker: string;
  /** Seconds. */
  start: number;
  end: number;
  text: string;
}

export interface ReportSentence {
  speaker: string;
  /** Seconds: the start of its first word (its turn's start when the words cannot be matched). */
  start: number;
  text: string;
  /** Its turn's index in the turns. */
  turn: number;
}

/** The turns that hold words, with their speaker's name. */
export function reportTurns(transcript: Transcript, unknownSpeaker: string): ReportTurn[] {
  const names = new Map(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name.trim()]));
  return transcript.text
    .map((turn) => ({ speaker: names.get(turn.speaker_id) || unknownSpeaker, start: turn.stime, end: turn.etime, text: turn.segment.replace(/\s+/gu, ' ').trim() }))
    .filter((turn) => turn.text.length > 0);
}

/** Seconds as `mm:ss` (minutes grow past 59: `75:02`), as the prompts quote times. */
export function minutesClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** One line per turn: `[mm:ss] Speaker: text`. */
export function renderTurns(turns: readonly ReportTurn[]): string {
  return turns.map((turn) => `[${minutesClock(turn.start)}] ${turn.speaker}: ${turn.text}`).join('\n');
}

/** Words of a text, as separated by spaces. */
export const countWords = (text: string): number => text.split(/\s+/u).filter(Boolean).length;

/**
 * Every turn's sentences with the time they start: a sentence's first word is found by counting the
 * words before it, spread over the turn's duration (a turn's segment and its words may differ after edits).
 */
export function reportSentences(turns: readonly ReportTurn[], language: TextLanguage): ReportSentence[] {
  const out: ReportSentence[] = [];
  turns.forEach((turn, index) => {
    const sentences = splitSentences(turn.text, language);
    const total = Math.max(1, countWords(turn.text));
    let before = 0;
    for (const sentence of sentences) {
      const text = sentence.trim();
      if (!text) continue;
      out.push({ speaker: turn.speaker, start: turn.start + ((turn.end - turn.start) * before) / total, text, turn: index });
      before += countWords(text);
    }
  });
  return out;
}
