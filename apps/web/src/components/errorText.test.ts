/** A failed call's message is the interface's words for its error code, never the server's English text. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client.ts';
import { apiErrorMessage } from './errorText.ts';

const I18N = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../i18n');
const common = (locale: string) => JSON.parse(fs.readFileSync(path.join(I18N, locale, 'common.json'), 'utf8')) as Record<string, unknown>;

async function translator(locale: 'en-US' | 'fr-FR') {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: locale,
    fallbackLng: 'en-US',
    resources: { 'en-US': { common: common('en-US') }, 'fr-FR': { common: common('fr-FR') } },
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

// Codes are written as the server sends them; one is made up on purpose.
const failure = (status: number, code: string, message: string, extra: object = {}) =>
  new ApiError(status, { status: 'error', code, message, ...extra } as ConstructorParameters<typeof ApiError>[1], message);

describe('apiErrorMessage', () => {
  it('translates the error code of a refused sign-in', async () => {
    const error = failure(401, 'invalid_credentials', 'Wrong email or password');
    expect(apiErrorMessage(await translator('fr-FR'), error)).toBe('Adresse e-mail ou mot de passe incorrect');
    expect(apiErrorMessage(await translator('en-US'), error)).toBe('Wrong email or password');
  });

  it('translates the codes of the other sign-in and sign-up forms', async () => {
    const t = await translator('fr-FR');
    expect(apiErrorMessage(t, failure(400, 'reset_link_invalid', 'This reset link is invalid or has expired; please ask for a new one'))).toBe(
      'Ce lien de réinitialisation n’est pas valide ou a expiré',
    );
    expect(apiErrorMessage(t, failure(403, 'registration_disabled', 'Registration is disabled on this platform'))).toBe(
      'La création de comptes est désactivée sur cette plateforme',
    );
    expect(apiErrorMessage(t, failure(429, 'rate_limited', 'Rate limit exceeded'))).toBe('Trop de tentatives, veuillez patienter une minute');
  });

  it('falls back to the internal error words for an unknown code, and names the request of an internal error', async () => {
    const t = await translator('fr-FR');
    const internal = common('fr-FR').apiError as Record<string, string>;
    expect(apiErrorMessage(t, failure(400, 'no_such_code', 'Something in English'))).toBe(internal.internal_error);
    expect(apiErrorMessage(t, failure(500, 'internal_error', 'An internal error occurred', { requestId: 'req-7' }))).toContain('req-7');
    expect(apiErrorMessage(t, new Error('boom'))).toBe(internal.internal_error);
  });

  it('says the operation is unavailable when a proxy answered a gateway error, in both languages', async () => {
    for (const locale of ['en-US', 'fr-FR'] as const) {
      const words = (common(locale).error as Record<string, string>).unavailable;
      expect(apiErrorMessage(await translator(locale), new ApiError(502, {}, 'Bad Gateway'))).toBe(words);
    }
    expect(apiErrorMessage(await translator('en-US'), new ApiError(504, {}, 'Gateway Timeout'))).toBe('The operation is currently unavailable.');
  });

  it('prefers the reason a refusal gives for the whole request', async () => {
    const t = await translator('fr-FR');
    const error = failure(400, 'validation_failed', 'Invalid', { fields: { _: 'error.required' } });
    expect(apiErrorMessage(t, error)).toBe((common('fr-FR').error as Record<string, string>).required);
  });
});
