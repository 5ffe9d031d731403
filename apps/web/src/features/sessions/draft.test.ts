import { describe, expect, it } from 'vitest';
import { readDraft } from './draft.ts';
import { emptyForm } from './form.ts';

const storage = (value: string | null) => ({ getItem: () => value });

describe('the session draft', () => {
  it('gives the stored form back', () => {
    const form = { ...emptyForm(), name: 'Council', alias: 'council' };
    expect(readDraft('org', storage(JSON.stringify(form)))).toEqual(form);
  });

  it('fills fields an older draft lacks from the empty form', () => {
    expect(readDraft('org', storage(JSON.stringify({ name: 'Old' })))).toEqual({ ...emptyForm(), name: 'Old' });
  });

  it('ignores what does not read back as a form', () => {
    for (const value of [null, 'not json', '[]', '42', JSON.stringify({ channels: 'x' }), JSON.stringify({ channels: [] })]) {
      expect(readDraft('org', storage(value))).toEqual(emptyForm());
    }
  });
});
