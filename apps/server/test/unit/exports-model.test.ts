/** The export's document model: the download filter, the metadata flags and the caller's language. */
import { describe, expect, it } from 'vitest';
import { exportLanguage, labelsFor } from '../../src/exports/labels.ts';
import { metadataLines } from '../../src/exports/model.ts';
import { documentOf, media, meeting } from './exports-fixture.ts';

const ids = (doc: ReturnType<typeof documentOf>) => doc.turns.map((t) => t.id);

describe('the download filter', () => {
  it('keeps every turn without a filter', () => {
    expect(ids(documentOf())).toEqual(['t1', 't2', 't3']);
  });

  it('keeps the speakers named by id or by name, whatever the case and accents', () => {
    expect(ids(documentOf(meeting, { filter: { speaker: ['spk2'] } }))).toEqual(['t2']);
    expect(ids(documentOf(meeting, { filter: { speaker: ['elodie cremieux'] } }))).toEqual(['t1', 't3']);
    expect(documentOf(meeting, { filter: { speaker: ['spk2'] } }).speakers).toEqual([{ id: 'spk2', name: 'Bob' }]);
    expect(ids(documentOf(meeting, { filter: { speaker: ['nobody'] } }))).toEqual([]);
  });

  it('keeps turns holding one of the keywords as a whole word, ignoring case and accents', () => {
    expect(ids(documentOf(meeting, { filter: { keyword: ['BUDGET'] } }))).toEqual(['t1']);
    expect(ids(documentOf(meeting, { filter: { keyword: ['eleve'] } }))).toEqual(['t3']);
    expect(ids(documentOf(meeting, { filter: { keyword: ['prévisionnel', 'fine'] } }))).toEqual(['t1', 't2']);
    // "budget" is not a whole word of "budgets"; a phrase matches consecutive words.
    expect(ids(documentOf(meeting, { filter: { keyword: ['budge'] } }))).toEqual([]);
    expect(ids(documentOf(meeting, { filter: { keyword: ['look fine'] } }))).toEqual(['t2']);
  });

  it('combines speakers and keywords', () => {
    expect(ids(documentOf(meeting, { filter: { speaker: ['spk1'], keyword: ['fine', 'année'] } }))).toEqual(['t3']);
  });

  it('gives subtitles the kept turns only', () => {
    const doc = documentOf(meeting, { filter: { speaker: ['Bob'] } });
    expect(doc.transcript.text.map((t) => t.turn_id)).toEqual(['t2']);
    expect(doc.transcript.speakers).toEqual([{ speaker_id: 'spk2', speaker_name: 'Bob' }]);
  });
});

describe('the metadata flags', () => {
  it('show only what they ask for', () => {
    expect(metadataLines(documentOf(meeting, { metadata: { speakers: false } }))).toEqual([]);
    const all = documentOf(meeting, { filter: { keyword: ['budget'] }, metadata: { description: true, tags: true, keyword: true } });
    expect(metadataLines(all)).toEqual([
      { label: 'Speakers', value: 'Élodie Crémieux' },
      { label: 'Description', value: media.description },
      { label: 'Tags', value: 'Finances, Équipe' },
      { label: 'Keywords', value: 'budget' },
    ]);
  });

  it('take the title from the query, else the media name', () => {
    expect(documentOf().title).toBe(media.name);
    expect(documentOf(meeting, {}, { title: 'Compte rendu' }).title).toBe('Compte rendu');
  });
});

describe("the caller's language", () => {
  it("is the user's, else the best English or French of Accept-Language, else English", () => {
    expect(exportLanguage('fr-FR', 'en')).toBe('fr-FR');
    expect(exportLanguage(null, 'de-DE, fr-CA;q=0.8, en;q=0.5')).toBe('fr-FR');
    expect(exportLanguage(null, 'en;q=0.4, fr;q=0.9')).toBe('fr-FR');
    expect(exportLanguage(null, 'fr;q=0, en')).toBe('en-US');
    expect(exportLanguage(null, 'de')).toBe('en-US');
    expect(exportLanguage(null, undefined)).toBe('en-US');
  });

  it('labels the metadata in French', () => {
    const doc = documentOf(meeting, { metadata: { tags: true } }, { language: 'fr-FR' });
    expect(metadataLines(doc).map((l) => l.label)).toEqual(['Intervenants', 'Étiquettes']);
    expect(labelsFor('fr-FR').of).toBe('sur');
  });
});
