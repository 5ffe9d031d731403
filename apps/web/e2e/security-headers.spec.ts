/** The built client runs under the server's Content-Security-Policy without a single violation. */
import { newAccount, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { submitLogin } from './support/ui.ts';

test('signing in and using the app breaks no content security rule', async ({ page, api }) => {
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

  const user = await api.signUp(newAccount('csp'));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Csp org'));

  const response = await page.goto('/login');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await submitLogin(page, user.email, user.password);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: /User menu of/ })).toBeVisible();
  await page.goto('/interface/user/settings');
  await expect(page.locator('#root')).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: test.info().outputPath('http-csp.png') });
  expect(violations).toEqual([]);
});
