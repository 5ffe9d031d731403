/**
 * The speech models panel of the backoffice: what the server reports (no model here: the e2e server
 * downloads none), then a failed and an ongoing download of the default model as the server reports
 * them, and the retry button.
 */
import type { SpeechModels } from '@palabre/shared';
import { ADMIN } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';
import { expectOnPath, submitLogin } from './support/ui.ts';

/** The status call and the retry call (the backoffice adds its scope to the query). */
const SPEECH_MODELS = /\/cm-api\/api\/administration\/speech_models(\?.*)?$/;
const RETRY = /\/cm-api\/api\/administration\/speech_models\/retry(\?.*)?$/;

test.beforeEach(async ({ page }) => {
  await page.goto('/login');
  await submitLogin(page, ADMIN.email, ADMIN.password);
  await expectOnPath(page, '/interface/explore');
});

test('with no model installed and none downloading, the panel says PocketSphinx transcribes', async ({ page }) => {
  await page.goto('/backoffice/transcriberProfiles');
  const panel = page.getByRole('region', { name: 'Speech models' });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText('No whisper model is installed: media are transcribed with PocketSphinx (English).');
});

test('a failed download says why in plain words and can be tried again; progress shows while it downloads', async ({ page }) => {
  const failed: SpeechModels = { download: { model: 'base', state: 'failed', percent: null, reason: 'unreachable' }, installed: [] };
  const downloading: SpeechModels = { download: { model: 'base', state: 'downloading', percent: 42, reason: null }, installed: [] };
  let current = failed;
  let retried = 0;
  await page.route(SPEECH_MODELS, (route) => route.fulfill({ json: current }));
  await page.route(RETRY, (route) => {
    retried += 1;
    current = downloading;
    return route.fulfill({ json: current });
  });

  await page.goto('/backoffice/transcriberProfiles');
  const panel = page.getByRole('region', { name: 'Speech models' });
  await expect(panel.getByText('Failed', { exact: true })).toBeVisible();
  await expect(panel).toContainText('The download server could not be reached: this machine seems to be offline.');
  await expect(panel).toContainText('PocketSphinx stays the default engine.');
  await page.screenshot({ path: '/tmp/e2e-defmodel/speech-models-failed.png', fullPage: true });

  await panel.getByRole('button', { name: 'Try again' }).click();
  await expect(panel.getByText('Downloading', { exact: true })).toBeVisible();
  await expect(panel.getByRole('progressbar', { name: 'Download of base' })).toHaveAttribute('aria-valuenow', '42');
  await expect(panel).toContainText('42 %');
  expect(retried).toBe(1);
  await page.screenshot({ path: '/tmp/e2e-defmodel/speech-models-downloading.png', fullPage: true });
});
