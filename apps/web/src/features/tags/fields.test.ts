import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { callErrorText } from './fields.tsx';

const t = ((key: string | string[]) => (Array.isArray(key) ? `t(${key[0]})` : `t(${key})`)) as unknown as TFunction;

describe('callErrorText', () => {
  it("puts the server's message after the operation's title", () => {
    const error = new ApiError(409, { status: 'error', code: 'conflict' as never, message: 'A tag with this name already exists' }, 'Conflict');
    expect(callErrorText(t, error, 'Tag creation error')).toBe('Tag creation error: A tag with this name already exists');
  });

  it('translates a field error of the name', () => {
    const error = new ApiError(400, { status: 'error', code: 'validation_error' as never, message: 'Invalid', fields: { name: 'error.required' } }, 'Bad Request');
    expect(callErrorText(t, error, 'Tag creation error')).toBe('Tag creation error: t(common:error.required)');
  });

  it('shows only the title for an unknown failure', () => {
    expect(callErrorText(t, new Error('boom'), 'Tag creation error')).toBe('Tag creation error');
  });
});
