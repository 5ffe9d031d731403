/** Transcripts for tests, and media seeded with one as the pipeline leaves a processed media. */
import crypto from 'node:crypto';
import { TRANSCRIPT_FORMAT_VERSION, type Transcript, type Turn } from '@palabre/shared';
import { insertMedia, type TestServer } from './server.ts';

export interface TurnSpec {
  speaker: string;
  text: string;
  /** Start of the first word (seconds); by default one second after the previous turn ends. */
  start?: number;
}

/**
 * A transcript from plain turns: every word lasts `wordSeconds` and the next starts `stepSeconds`
 * after it began; `names` maps speaker ids to names (the id itself by default).
 */
export function makeTranscript(turns: TurnSpec[], options: { names?: Record<string, string>; stepSeconds?: number; wordSeconds?: number } = {}): Transcript {
  const step = options.stepSeconds ?? 1;
  const length = options.wordSeconds ?? step / 2;
  const round = (t: number) => Math.round(t * 1000) / 1000;
  let t = 0;
  const text: Turn[] = turns.map((spec) => {
    t = spec.start ?? (t === 0 ? 1 : t + 1);
    const words = spec.text.split(' ').map((word) => {
      const w = { wid: crypto.randomUUID(), word, stime: round(t), etime: round(t + length), confidence: 0.8 };
      t += step;
      return w;
    });
    t = words.at(-1)!.etime;
    return { turn_id: crypto.randomUUID(), speaker_id: spec.speaker, segment: spec.text, stime: words[0]!.stime, etime: words.at(-1)!.etime, words };
  });
  const ids = [...new Set(turns.map((turn) => turn.speaker))];
  return { version: TRANSCRIPT_FORMAT_VERSION, speakers: ids.map((id) => ({ speaker_id: id, speaker_name: options.names?.[id] ?? id })), text };
}

/** A processed media (status done) holding `transcript`, lasting `duration` seconds (the end of its last word by default). */
export async function seedTranscribedMedia(
  server: Pick<TestServer, 'ctx'>,
  values: { organizationId: string; ownerId: string; transcript: Transcript; duration?: number; membersRight?: number; name?: string; language?: string },
): Promise<string> {
  const { transcript, duration, ...rest } = values;
  return insertMedia(server, {
    requestedLanguage: 'en',
    language: 'en',
    ...rest,
    transcript,
    duration: duration ?? Math.ceil(transcript.text.at(-1)?.etime ?? 0) + 1,
  });
}
