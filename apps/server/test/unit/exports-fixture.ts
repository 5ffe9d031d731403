/** A small French and English meeting, and the document model the export writers render from it. */
import type { DownloadBody, Transcript } from '@palabre/shared';
import type { ExportLanguage } from '../../src/exports/labels.ts';
import { buildDocument, type ExportDocument } from '../../src/exports/model.ts';

function turn(id: string, speaker: string, start: number, text: string) {
  const words = text.split(' ').map((word, i) => ({ wid: `${id}-${i}`, word, stime: start + i, etime: start + i + 0.5, confidence: 0.9 }));
  return { turn_id: id, speaker_id: speaker, segment: text, stime: start, etime: words.at(-1)!.etime, words };
}

export const meeting: Transcript = {
  version: 1,
  speakers: [
    { speaker_id: 'spk1', speaker_name: 'Élodie Crémieux' },
    { speaker_id: 'spk2', speaker_name: 'Bob' },
  ],
  text: [
    turn('t1', 'spk1', 1, 'Bonjour à tous, voici le budget prévisionnel.'),
    turn('t2', 'spk2', 62, 'The budgets look fine to me.'),
    turn('t3', 'spk1', 3725, "L'élève a été très efficace cette année."),
  ],
};

export const media = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Réunion d’équipe',
  description: 'Point mensuel',
  language: 'fr',
  duration: 3800,
  tags: ['Finances', 'Équipe'],
};

export function body(overrides: { filter?: DownloadBody['filter']; metadata?: Partial<DownloadBody['metadata']> } = {}): DownloadBody {
  return {
    filter: overrides.filter ?? {},
    metadata: { description: false, tags: false, keyword: false, timestamp: true, speakers: true, ...overrides.metadata },
  };
}

export const NOW = new Date('2026-11-23T10:00:00Z');

export function documentOf(
  transcript: Transcript = meeting,
  overrides: Parameters<typeof body>[0] = {},
  options: { language?: ExportLanguage; title?: string } = {},
): ExportDocument {
  return buildDocument(media, transcript, body(overrides), { language: options.language ?? 'en-US', title: options.title, now: NOW });
}

/** A transcript of `turns` turns of `wordsPerTurn` words, for documents running over many pages. */
export function longTranscript(turns: number, wordsPerTurn = 60): Transcript {
  const text = Array.from({ length: turns }, (_, i) =>
    turn(`L${i}`, i % 2 ? 'spk2' : 'spk1', i * 100, Array.from({ length: wordsPerTurn }, (_, j) => (j % 7 === 0 ? 'déjà' : `mot${j}`)).join(' ')),
  );
  return { version: 1, speakers: meeting.speakers, text };
}
