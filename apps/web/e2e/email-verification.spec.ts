import { newAccount, signInBrowser } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { linkIn, readOutbox, waitForMail } from './support/outbox.ts';

const texts = {
  'en-US': {
    banner: 'Confirm your email address',
    resend: 'Send a new link',
    resent: /A new link was sent to/,
    subject: /Confirm your email address/,
    verified: 'Your email address is confirmed.',
    invalid: /This link is invalid or has expired/,
    continue: 'Continue',
  },
  'fr-FR': {
    banner: 'Confirmez votre adresse e-mail',
    resend: 'Envoyer un nouveau lien',
    resent: /Un nouveau lien a été envoyé à/,
    subject: /Confirmez votre adresse e-mail/,
    verified: 'Votre adresse e-mail est confirmée.',
    invalid: /Ce lien est invalide ou a expiré/,
    continue: 'Continuer',
  },
} as const;

for (const locale of ['en-US', 'fr-FR'] as const) {
  const text = texts[locale];

  test(`an unverified account sees a banner, asks for a new link and confirms its address (${locale})`, async ({ page, api, dataDir, baseURL }) => {
    const user = await api.signUp(newAccount('unverified'));
    await api.send('PUT', '/cm-api/api/users/self', { locale }, user.tokens.auth_token);
    await page.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
    await signInBrowser(page.context(), baseURL!, user.tokens);

    await page.goto('/interface/explore');
    const banner = page.getByTestId('unverified-email-banner');
    await expect(banner).toContainText(text.banner);
    await expect(banner).toContainText(user.email);
    const before = readOutbox(dataDir);
    await banner.getByRole('button', { name: text.resend }).click();
    await expect(page.getByText(text.resent)).toBeVisible();
    const mail = await waitForMail(dataDir, user.email, text.subject, { after: before });
    await page.screenshot({ path: test.info().outputPath(`auth-banner-${locale}.png`) });

    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText(text.verified)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`auth-verified-${locale}.png`) });
    await page.getByRole('link', { name: text.continue }).click();
    await expect(page).toHaveURL(/\/interface/);
    await expect(page.getByTestId('unverified-email-banner')).toHaveCount(0);

    // The link worked once.
    await page.goto(linkIn(mail, '/verify-email'));
    await expect(page.getByText(text.invalid)).toBeVisible();
  });
}

test('changing the address asks for the password and says a link was sent to the new one', async ({ page, api, dataDir, baseURL }) => {
  const user = await api.signUp(newAccount('mover'));
  await signInBrowser(page.context(), baseURL!, user.tokens);
  await page.goto('/interface/user/settings');
  const next = `moved-${user.email}`;
  const field = page.getByLabel('Email', { exact: true });
  await field.fill(next);
  await field.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'Confirm the change of address' });
  await dialog.getByLabel('Current password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(dialog.getByText('The password is not correct')).toBeVisible();
  await dialog.getByLabel('Current password').fill(user.password);
  await dialog.getByRole('button', { name: 'Send the confirmation link' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${next}`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('auth-email-change.png') });
  await expect(field).toHaveValue(user.email);

  // Until the link is followed, the account keeps its address.
  const self = await api.get<{ email: string }>('/cm-api/api/users/self', user.tokens.auth_token);
  expect(self.email).toBe(user.email);
  await waitForMail(dataDir, next, /Confirm your email address/);
  await waitForMail(dataDir, user.email, /change of email address/);
});
