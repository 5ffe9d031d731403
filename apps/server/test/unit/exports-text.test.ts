/** The plain-text and JSON exports, and the thread the server renders them on. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zTranscriptExport } from '@palabre/shared';
import { renderJson } from '../../src/exports/json.ts';
import { render } from '../../src/exports/render.ts';
import { renderText } from '../../src/exports/text.ts';
import { documentOf, meeting } from './exports-fixture.ts';

describe('the text export', () => {
  it('has a header and prefixes each turn with its time and speaker', () => {
    const text = renderText(documentOf(meeting, { metadata: { description: true } })).toString('utf8');
    const lines = text.split('\n');
    expect(lines[0]).toBe('Réunion d’équipe');
    expect(text).toContain('Exported on November 23, 2026');
    expect(text).toContain('Speakers: Élodie Crémieux, Bob');
    expect(text).toContain('Description: Point mensuel');
    expect(lines).toContain('[00:00:01] Élodie Crémieux: Bonjour à tous, voici le budget prévisionnel.');
    expect(lines).toContain('[00:01:02] Bob: The budgets look fine to me.');
    expect(lines).toContain("[01:02:05] Élodie Crémieux: L'élève a été très efficace cette année.");
  });

  it('drops the prefixes the flags turn off', () => {
    const noTime = renderText(documentOf(meeting, { metadata: { timestamp: false } }))
      .toString('utf8')
      .split('\n');
    expect(noTime).toContain('Bob: The budgets look fine to me.');
    const bare = renderText(documentOf(meeting, { metadata: { timestamp: false, speakers: false } })).toString('utf8');
    expect(bare.split('\n')).toContain('The budgets look fine to me.');
    expect(bare).not.toContain('Bob');
    expect(bare).not.toContain('Speakers');
  });

  it('writes its fixed words in French for a French caller', () => {
    const text = renderText(documentOf(meeting, { metadata: { tags: true } }, { language: 'fr-FR' })).toString('utf8');
    expect(text).toContain('Exporté le 23 novembre 2026');
    expect(text).toContain('Intervenants: Élodie Crémieux, Bob');
    expect(text).toContain('Étiquettes: Finances, Équipe');
  });
});

describe('the JSON export', () => {
  const validate = new Ajv2020({ allErrors: true, strict: false }).compile(z.toJSONSchema(zTranscriptExport));

  it('matches its published JSON Schema and keeps every word time and confidence', () => {
    const json = JSON.parse(renderJson(documentOf(meeting, { metadata: { description: true, tags: true, keyword: true }, filter: { keyword: ['budget'] } })).toString('utf8'));
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json).toMatchObject({ format: 'palabre.transcript', version: 1, description: 'Point mensuel', tags: ['Finances', 'Équipe'], keywords: ['budget'] });
    expect(json.turns).toHaveLength(1);
    expect(json.turns[0].words[1]).toEqual({ word: 'à', start: 2, end: 2.5, confidence: 0.9 });
    expect(json.turns[0].words).toHaveLength(meeting.text[0]!.words.length);
  });

  it('leaves out the metadata whose flag is off', () => {
    const json = JSON.parse(renderJson(documentOf()).toString('utf8'));
    expect(validate(json)).toBe(true);
    expect(json).not.toHaveProperty('description');
    expect(json).not.toHaveProperty('tags');
    expect(json).not.toHaveProperty('keywords');
  });
});

describe('the writer thread', () => {
  it('renders off the main thread and refuses exports beyond its queue', async () => {
    const doc = documentOf();
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => render(doc, 'text')));
    const done = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(done).toHaveLength(16);
    expect((done[0] as PromiseFulfilledResult<Buffer>).value.toString('utf8')).toContain('The budgets look fine to me.');
    expect(refused.map((r) => (r.reason as { code: string }).code)).toEqual(['export_unavailable', 'export_unavailable', 'export_unavailable', 'export_unavailable']);
    // The queue drains: the next export is made.
    expect((await render(doc, 'json')).length).toBeGreaterThan(0);
    // Starting the worker thread is slow on a busy machine.
  }, 30_000);
});
