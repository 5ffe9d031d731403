import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { creationErrorKey } from './api.ts';

const failure = (status: number, body: ConstructorParameters<typeof ApiError>[1]) => new ApiError(status, body, 'failed');

describe('creationErrorKey', () => {
  it('reads a missing file from the field error, whatever the message says', () => {
    expect(creationErrorKey(failure(400, { code: 'validation_failed', message: 'Fichier manquant', fields: { file: 'error.required' } }))).toBe('errors.noFile');
  });

  it('asks to check the form for other invalid fields', () => {
    expect(creationErrorKey(failure(400, { code: 'validation_failed', message: 'you did not upload any audio file', fields: { name: 'error.required' } }))).toBe(
      'errors.checkForm',
    );
  });

  it('names the size limit, the missing upload right, and anything else', () => {
    expect(creationErrorKey(failure(413, { code: 'payload_too_large' }))).toBe('errors.tooBig');
    expect(creationErrorKey(failure(403, { code: 'forbidden' }))).toBe('errors.noUploadRight');
    expect(creationErrorKey(failure(500, {}))).toBe('errors.tryLater');
    expect(creationErrorKey(new Error('offline'))).toBe('errors.tryLater');
  });
});
