/**
 * The fingerprint of a transcript as subtitles see it: speakers, turns and their timed words. A
 * version keeps the one it was generated from; when the media's transcript no longer has it, the
 * version says the transcript changed. Built from the fields in a fixed order, so the live document
 * and the stored projection (whose JSON keys the database reorders) give the same fingerprint.
 */
import crypto from 'node:crypto';
import type { Transcript } from '@palabre/shared';

export function transcriptFingerprint(transcript: Transcript | null): string {
  const hash = crypto.createHash('sha256');
  if (!transcript) return hash.digest('base64url');
  hash.update(JSON.stringify(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name])));
  for (const turn of transcript.text) {
    hash.update(JSON.stringify([turn.speaker_id, turn.segment, turn.words.map((w) => [w.word, w.stime, w.etime])]));
  }
  return hash.digest('base64url');
}
