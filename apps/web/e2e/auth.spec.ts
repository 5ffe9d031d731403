/** Account creation, sign-out and sign-in, magic links and password reset, as a person does them. */
import { newAccount, readCookie, uniqueName } from './support/api.ts';
import { expect, test } from './support/fixtures.ts';
import { linkIn, waitForMail } from './support/outbox.ts';
import { expectOnPath, openUserMenu, organizationSwitcher, submitLogin, TINY_PNG } from './support/ui.ts';

test('sign up in two steps, land in the app, log out, log back in', async ({ page }) => {
  const account = newAccount('signup', { firstname: 'Sacha', lastname: 'Signup' });
  const organizationName = uniqueName('Signup org');

  await page.goto('/create-account');
  await expect(page.getByRole('heading', { name: 'Create an account' })).toBeVisible();

  // Step 1: personal data, with a picture.
  await page.getByLabel('First name').fill(account.firstname);
  await page.getByLabel('Last name').fill(account.lastname);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Password confirmation').fill(account.password);
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(page.getByRole('img', { name: 'Preview of your profile picture' })).toBeVisible();
  await page.getByRole('button', { name: 'Create my account' }).click();

  // Step 2: the first organization.
  await page.getByLabel('Organization name').fill(organizationName);
  await page.getByRole('button', { name: 'Create the organization' }).click();

  await expectOnPath(page, '/interface/explore');
  await expect(organizationSwitcher(page)).toHaveValue(organizationName);
  await expect(page.getByRole('button', { name: 'User menu of Sacha Signup' })).toBeVisible();

  // The account has its picture. Calls need the Bearer header: the cookie alone opens only files (the picture of an <img>).
  const authToken = await readCookie(page.context(), 'authToken');
  expect((await page.request.get('/cm-api/api/users/self')).status()).toBe(401);
  const self = await (await page.request.get('/cm-api/api/users/self', { headers: { authorization: `Bearer ${authToken}` } })).json();
  expect(self.email).toBe(account.email);
  expect(self.picture).toBeTruthy();
  expect((await page.request.get(self.picture)).status()).toBe(200);

  // The refresh token is out of the page's reach: an HttpOnly cookie for the auth routes only.
  const refresh = (await page.context().cookies()).find((c) => c.name === 'refreshToken');
  expect(refresh).toMatchObject({ httpOnly: true, path: '/cm-api/auth', sameSite: 'Strict' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('refreshToken');

  // Log out from the user menu.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectOnPath(page, '/login');
  expect(await readCookie(page.context(), 'authToken')).toBeUndefined();
  expect(await readCookie(page.context(), 'refreshToken')).toBeUndefined();

  // A wrong password is refused with a message, and nobody is signed in.
  await submitLogin(page, account.email, `${account.password}-wrong`);
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');
  await expectOnPath(page, '/login');

  // The right one signs in again, into the same organization.
  await submitLogin(page, account.email, account.password);
  await expectOnPath(page, '/interface/explore');
  await expect(organizationSwitcher(page)).toHaveValue(organizationName);
});

test('an account created in French keeps French: its verification mail, its profile and its settings', async ({ page, dataDir }) => {
  const account = newAccount('signup-fr', { firstname: 'Camille', lastname: 'Inscription' });
  await page.addInitScript(() => localStorage.setItem('palabre.locale', 'fr-FR'));

  await page.goto('/create-account');
  await expect(page.getByRole('heading', { name: 'Créer un compte' })).toBeVisible();
  await page.getByLabel('Prénom').fill(account.firstname);
  await page.getByLabel('Nom', { exact: true }).fill(account.lastname);
  await page.getByLabel('E-mail', { exact: true }).fill(account.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(account.password);
  await page.getByLabel('Confirmation du mot de passe').fill(account.password);
  await page.getByRole('button', { name: 'Créer mon compte' }).click();

  await waitForMail(dataDir, account.email, /Confirmez votre adresse e-mail/);
  // Signed in once step 2 shows.
  await expect(page.getByRole('button', { name: "Créer l'organisation" })).toBeVisible();
  const authToken = await readCookie(page.context(), 'authToken');
  const self = await (await page.request.get('/cm-api/api/users/self', { headers: { authorization: `Bearer ${authToken}` } })).json();
  expect(self.locale).toBe('fr-FR');

  await page.goto('/interface/user/settings');
  await expect(page.getByRole('textbox', { name: 'Langue', exact: true })).toHaveValue('Français');
});

test('a sign-in link from the mail signs in once, and only once', async ({ page, api, dataDir, browser, baseURL, clientIp }) => {
  const user = await api.signUp(newAccount('magic'));
  const organization = await api.createOrganization(user.tokens.auth_token, uniqueName('Magic org'));

  await page.goto('/login');
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('status')).toContainText('a sign-in link has been sent');

  const mail = await waitForMail(dataDir, user.email, /sign-in link/i);
  const link = linkIn(mail, '/magiclink-auth/');
  expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

  await page.goto(link);
  await expectOnPath(page, '/interface/explore');
  await expect(organizationSwitcher(page)).toHaveValue(organization.name);
  expect(await readCookie(page.context(), 'userId')).toBe(user.userId);

  // The same link, opened again (here from another browser), no longer works.
  const other = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientIp } });
  try {
    const again = await other.newPage();
    await again.goto(link);
    await expectOnPath(again, '/magiclink-auth-invalid');
    await expect(again.getByRole('heading', { name: 'This sign-in link no longer works' })).toBeVisible();
    expect(await readCookie(other, 'authToken')).toBeUndefined();
  } finally {
    await other.close();
  }
});

test('reset a forgotten password with the emailed link', async ({ page, api, dataDir }) => {
  const user = await api.signUp(newAccount('reset'));
  await api.createOrganization(user.tokens.auth_token, uniqueName('Reset org'));
  const newPassword = `new-${user.password}`;

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectOnPath(page, '/reset-password');
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByRole('status')).toContainText('a reset link has been sent');

  const mail = await waitForMail(dataDir, user.email, /reset/i);
  await page.goto(linkIn(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Password confirmation').fill(newPassword);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  // One way on to the sign-in page, not two.
  await expect(page.locator('a[href="/login"]')).toHaveCount(1);
  await page.getByRole('link', { name: 'Go to sign-in' }).click();
  await expectOnPath(page, '/login');

  // The old password no longer works; the new one does.
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('alert')).toContainText('Wrong email or password');
  await submitLogin(page, user.email, newPassword);
  await expectOnPath(page, '/interface/explore');

  // The link works once.
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expectOnPath(page, '/login');
  await page.goto(linkIn(mail, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Password confirmation').fill('another-password');
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByRole('alert')).toContainText('This reset link is not valid or has expired');
});

test('a refused sign-in says why in the language of the interface, not in the server’s English', async ({ page, api }) => {
  const user = await api.signUp(newAccount('wrong-fr'));
  await page.addInitScript(() => localStorage.setItem('palabre.locale', 'fr-FR'));

  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('E-mail', { exact: true }).fill(user.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(`wrong-${user.password}`);
  await form.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Adresse e-mail ou mot de passe incorrect');
  await expectOnPath(page, '/login');
});
