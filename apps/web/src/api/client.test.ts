/** ApiError keeps the request id of an internal error, which the error messages quote in both languages. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';

const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../i18n');

describe('ApiError', () => {
  it('keeps the request id an internal error names', () => {
    const error = new ApiError(500, { status: 'error', code: 'internal_error', message: 'An internal error occurred', requestId: 'req-42' }, 'failed');
    expect(error.requestId).toBe('req-42');
    expect(new ApiError(404, { status: 'error', code: 'not_found', message: 'Not found' }, 'failed').requestId).toBeUndefined();
    expect(new ApiError(500, { requestId: 42 } as never, 'failed').requestId).toBeUndefined();
  });

  it.each(['en-US', 'fr-FR'])('%s has the words that quote it', (locale) => {
    const common = JSON.parse(fs.readFileSync(path.join(I18N, locale, 'common.json'), 'utf8')) as { apiError: Record<string, string> };
    expect(common.apiError.reference).toContain('{{id}}');
  });
});
