/** The JSON export (zTranscriptExport): the kept turns with every word's times and confidence. */
import type { TranscriptExport } from '@palabre/shared';
import type { ExportDocument } from './model.ts';

export function toExportJson(doc: ExportDocument): TranscriptExport {
  const out: TranscriptExport = {
    format: 'palabre.transcript',
    version: 1,
    title: doc.title,
    conversationId: doc.conversationId,
    language: doc.mediaLanguage,
    duration: doc.duration,
    exportedAt: doc.exportedAt.toISOString(),
    speakers: doc.speakers,
    turns: doc.turns.map((turn) => ({
      id: turn.id,
      speakerId: turn.speakerId,
      speaker: turn.speaker,
      ...(turn.language ? { language: turn.language } : {}),
      start: turn.start,
      end: turn.end,
      text: turn.text,
      words: turn.words.map((w) => ({ word: w.word, start: w.stime, end: w.etime, confidence: w.confidence })),
    })),
  };
  if (doc.description !== undefined) out.description = doc.description;
  if (doc.tags !== undefined) out.tags = doc.tags;
  if (doc.keywords !== undefined) out.keywords = doc.keywords;
  return out;
}

export function renderJson(doc: ExportDocument): Buffer {
  return Buffer.from(JSON.stringify(toExportJson(doc), null, 2) + '\n', 'utf8');
}
