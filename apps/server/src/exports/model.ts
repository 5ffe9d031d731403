/**
 * The one document every format renders: a title, the metadata block the flags ask for, and the kept
 * turns with their speaker's name and times. The filter keeps the turns of the chosen speakers (by id
 * or name) that contain one of the keywords (whole words, case and accents ignored).
 */
import type { DownloadBody, Transcript, Turn } from '@palabre/shared';
import { labelsFor, type ExportLabels, type ExportLanguage } from './labels.ts';

export interface ExportTurn {
  id: string;
  speakerId: string;
  speaker: string;
  language?: string;
  start: number;
  end: number;
  text: string;
  words: Turn['words'];
}

export interface ExportDocument {
  title: string;
  conversationId: string;
  /** The media's language (BCP 47), null when unknown. */
  mediaLanguage: string | null;
  /** Seconds, null when unknown. */
  duration: number | null;
  exportedAt: Date;
  /** Language of the fixed labels. */
  language: ExportLanguage;
  labels: ExportLabels;
  /** Present only when its flag is on. */
  description?: string;
  tags?: string[];
  keywords?: string[];
  /** Prefixes and headings of each turn. */
  show: { timestamp: boolean; speakers: boolean };
  /** Speakers of the kept turns, in the transcript's order. */
  speakers: Array<{ id: string; name: string }>;
  turns: ExportTurn[];
  /** The kept turns as a transcript (subtitles are generated from it). */
  transcript: Transcript;
}

export interface MediaFactsForExport {
  id: string;
  name: string;
  description: string;
  language: string | null;
  duration: number | null;
  tags: string[];
  /** Its extracted keywords (docs/reports.md), when asked for and any exist. */
  keywords?: string[];
}

/** Lower case without accents: "Élève" and "eleve" compare equal. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * The words of a text, folded. Apostrophes and hyphens separate words, so "élève" is found in
 * "l'élève"; a keyword holding one ("aujourd'hui") becomes a phrase and still matches.
 */
export function foldedWords(text: string): string[] {
  return fold(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Whether `words` holds `phrase` (already split) as consecutive whole words. */
function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** The turns the filter keeps. */
export function filterTurns(transcript: Transcript, filter: DownloadBody['filter']): Turn[] {
  const wanted = (filter.speaker ?? []).map((s) => s.trim()).filter(Boolean);
  const names = new Map(transcript.speakers.map((s) => [s.speaker_id, fold(s.speaker_name.trim())]));
  const speakerIds = new Set(transcript.speakers.filter((s) => wanted.some((w) => w === s.speaker_id || fold(w) === names.get(s.speaker_id))).map((s) => s.speaker_id));
  const phrases = (filter.keyword ?? []).map(foldedWords).filter((p) => p.length > 0);
  return transcript.text.filter((turn) => {
    if (wanted.length > 0 && !speakerIds.has(turn.speaker_id)) return false;
    if (phrases.length === 0) return true;
    const words = foldedWords(turn.segment);
    return phrases.some((phrase) => containsPhrase(words, phrase));
  });
}

export function buildDocument(
  media: MediaFactsForExport,
  transcript: Transcript,
  body: DownloadBody,
  options: { title?: string | undefined; language: ExportLanguage; now?: Date },
): ExportDocument {
  const kept = filterTurns(transcript, body.filter);
  const nameOf = new Map(transcript.speakers.map((s) => [s.speaker_id, s.speaker_name]));
  const keptIds = new Set(kept.map((t) => t.speaker_id));
  const speakers = transcript.speakers.filter((s) => keptIds.has(s.speaker_id)).map((s) => ({ id: s.speaker_id, name: s.speaker_name }));
  const { metadata } = body;
  const doc: ExportDocument = {
    title: options.title ?? media.name,
    conversationId: media.id,
    mediaLanguage: media.language,
    duration: media.duration,
    exportedAt: options.now ?? new Date(),
    language: options.language,
    labels: labelsFor(options.language),
    show: { timestamp: metadata.timestamp, speakers: metadata.speakers },
    speakers,
    turns: kept.map((turn) => ({
      id: turn.turn_id,
      speakerId: turn.speaker_id,
      speaker: nameOf.get(turn.speaker_id) ?? turn.speaker_id,
      ...(turn.language ? { language: turn.language } : {}),
      start: turn.stime,
      end: turn.etime,
      text: turn.segment,
      words: turn.words,
    })),
    transcript: { version: transcript.version, speakers: transcript.speakers.filter((s) => keptIds.has(s.speaker_id)), text: kept },
  };
  if (metadata.description) doc.description = media.description;
  if (metadata.tags) doc.tags = media.tags;
  // The media's keywords when it has some, else the keywords the export was filtered by.
  if (metadata.keyword) doc.keywords = media.keywords && media.keywords.length > 0 ? media.keywords : (body.filter.keyword ?? []);
  return doc;
}

/** Lines of the metadata block, label and value, in the order every format shows them. */
export function metadataLines(doc: ExportDocument): Array<{ label: string; value: string }> {
  const lines: Array<{ label: string; value: string }> = [];
  if (doc.show.speakers && doc.speakers.length > 0) lines.push({ label: doc.labels.speakers, value: doc.speakers.map((s) => s.name).join(', ') });
  if (doc.description !== undefined && doc.description.trim() !== '') lines.push({ label: doc.labels.description, value: doc.description.trim() });
  if (doc.tags !== undefined && doc.tags.length > 0) lines.push({ label: doc.labels.tags, value: doc.tags.join(', ') });
  if (doc.keywords !== undefined && doc.keywords.length > 0) lines.push({ label: doc.labels.keywords, value: doc.keywords.join(', ') });
  return lines;
}

/** A turn's heading: `Alice — 00:01:02` / `Alice` / `00:01:02`, or null when both flags are off. */
export function turnHeading(doc: ExportDocument, turn: ExportTurn, clock: (s: number) => string): string | null {
  const parts: string[] = [];
  if (doc.show.speakers) parts.push(turn.speaker);
  if (doc.show.timestamp) parts.push(clock(turn.start));
  return parts.length > 0 ? parts.join(' — ') : null;
}
