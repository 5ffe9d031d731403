/** The built client runs under the server's Content-Security-Policy without a single violation. */
import { mediaWithTranscript, openEditor, turnText } from './support/editor.ts';
import { expect, test } from './support/fixtures.ts';
import { makeTurn } from './support/transcripts.ts';
import { submitLogin } from './support/ui.ts';

test('signing in, using the app and opening the editor break no content security rule', async ({ page, api }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });

  const media = await mediaWithTranscript(api, 'csp', 'en-US', {
    speakers: [{ speaker_id: 'alice', speaker_name: 'Alice' }],
    text: [makeTurn('t1', 'alice', 'Nothing here is evaluated from a string', 0)],
  });
  const user = media.owner;

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await submitLogin(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /User menu of/ })).toBeVisible();
  await page.goto('/interface/user/settings');
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  // The editor's page loads its own way: the entry script joins the document before the application runs.
  await openEditor(page, media.id);
  await expect(turnText(page, 't1')).toHaveText('Nothing here is evaluated from a string');
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: test.info().outputPath('http-csp.png') });
  expect(violations).toEqual([]);
});
