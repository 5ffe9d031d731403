/**
 * Webhooks in the organization settings, on a server that may reach 127.0.0.1 (where a receiver
 * listens): an admin creates a webhook, copies its secret shown once, sends a test, and sees the
 * delivery in the log, replays it; an address the server may not reach is refused on its field. The
 * section in French. Screenshots at 1440×900 in both languages.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from '@playwright/test';
import { Api, newAccount, signInBrowser, uniqueName, type SignedInAccount } from './support/api.ts';
import { tr } from './support/editor.ts';
import { expect, test } from './support/fixtures.ts';
import { startE2eServer, type E2eServer } from './support/server.ts';
import { SCREENSHOTS } from './support/ui.ts';

type Locale = 'en-US' | 'fr-FR';

// One server that may reach the loopback range, for both tests.
test.describe.configure({ mode: 'serial' });

let server: E2eServer | null = null;
let receiver: http.Server | null = null;
let receiverUrl = '';
const received: Array<{ event: string | undefined; delivery: string | undefined; signature: string | undefined }> = [];

test.beforeAll(async () => {
  test.setTimeout(150_000);
  receiver = http.createServer((request, response) => {
    received.push({
      event: request.headers['palabre-event'] as string,
      delivery: request.headers['palabre-delivery'] as string,
      signature: request.headers['palabre-signature'] as string,
    });
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  receiverUrl = await new Promise<string>((resolve) => receiver!.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/palabre`)));
  server = await startE2eServer({ OUTBOUND_ALLOWED_RANGES: '127.0.0.1/32' });
});
test.afterAll(async () => {
  await server?.close({ log: Boolean(process.env.PALABRE_E2E_SERVER_LOG) });
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
});

async function openAs(browser: Browser, api: Api, clientIp: string, account: SignedInAccount, organizationId: string, locale: Locale) {
  const baseURL = server!.baseURL;
  await api.send('PUT', '/cm-api/api/users/self', { locale }, account.tokens.auth_token);
  const context = await browser.newContext({ baseURL, locale, extraHTTPHeaders: { 'x-forwarded-for': clientIp }, viewport: { width: 1440, height: 900 } });
  await signInBrowser(context, baseURL, account.tokens, organizationId);
  await context.addInitScript((value) => localStorage.setItem('palabre.locale', value), locale);
  return { context, page: await context.newPage() };
}

test('an admin creates a webhook, sends a test and sees the delivery in the log', async ({ browser, clientIp }) => {
  test.setTimeout(120_000);
  const api = await Api.create(server!.baseURL, clientIp);
  try {
    const owner = await api.signUp(newAccount('webhooks'));
    const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Webhooks org'));
    const { context, page } = await openAs(browser, api, clientIp, owner, organization._id, 'en-US');
    await page.goto(`/interface/organizations/${organization._id}`);
    const section = page.getByRole('region', { name: 'Webhooks' });
    await expect(section.getByText('No webhook yet.')).toBeVisible({ timeout: 30_000 });

    // An address the server may not reach is refused on its field.
    await section.getByRole('button', { name: 'Add a webhook' }).click();
    const dialog = page.getByRole('dialog', { name: 'New webhook' });
    await dialog.getByRole('textbox', { name: 'Address' }).fill('http://10.1.2.3/hook');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This address is not allowed: the server may not reach it')).toBeVisible();

    await dialog.getByRole('textbox', { name: 'Address' }).fill(receiverUrl);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Our CRM');
    await dialog.getByRole('checkbox', { name: /Report ready/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    // The secret, once.
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByText('Copy this secret now: it will not be shown again.')).toBeVisible();
    const secret = await secretDialog.getByRole('textbox', { name: 'Secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expect(secretDialog.getByRole('button', { name: 'Copy the secret' })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/webhooks-secret-wide.png`, fullPage: true });
    await secretDialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
    await expect(page.getByText(secret)).toHaveCount(0);

    const item = section.getByRole('article', { name: receiverUrl });
    await expect(item.getByText('Our CRM')).toBeVisible();
    await expect(item.getByText('Media processed')).toBeVisible();
    await expect(item.getByText('Report ready')).toBeVisible();
    await expect(item.getByText('Enabled', { exact: true })).toBeVisible();

    // A test: delivered, signed, and shown in the log.
    await item.getByRole('button', { name: 'Send a test' }).click();
    const log = item.getByRole('table', { name: receiverUrl });
    const row = log.getByTestId('webhook-delivery').first();
    await expect(row).toContainText('ping');
    await expect(row.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
    await expect(row).toContainText('204');
    // The card's badge follows the last delivery (the list refreshes while it is pending).
    await expect(item.getByText('Last delivery: Delivered')).toBeVisible({ timeout: 15_000 });
    expect(received.at(-1)).toMatchObject({ event: 'ping', signature: expect.stringMatching(/^t=\d+,v1=[0-9a-f]{64}$/) });

    // Replay: a new delivery of the same event.
    const before = received.length;
    await row.getByRole('button', { name: /^Replay ping/ }).click();
    await expect(log.getByTestId('webhook-delivery')).toHaveCount(2);
    await expect(log.getByTestId('webhook-delivery').first().getByText('Delivered')).toBeVisible({ timeout: 30_000 });
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)!.delivery).not.toBe(received.at(-2)!.delivery);
    await item.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS}/webhooks-log-wide.png`, fullPage: true });
    await context.close();
  } finally {
    await api.dispose();
  }
});

test('the section speaks French', async ({ browser, clientIp }) => {
  const api = await Api.create(server!.baseURL, clientIp);
  try {
    const owner = await api.signUp(newAccount('webhooks-fr'));
    const organization = await api.createOrganization(owner.tokens.auth_token, uniqueName('Webhooks fr'));
    await api.send('POST', `/cm-api/api/organizations/${organization._id}/webhooks`, { url: receiverUrl, events: ['session.started', 'session.ended'] }, owner.tokens.auth_token);
    const { context, page } = await openAs(browser, api, clientIp, owner, organization._id, 'fr-FR');
    await page.goto(`/interface/organizations/${organization._id}`);
    const section = page.getByRole('region', { name: tr('fr-FR', 'webhooks:title') });
    const item = section.getByRole('article', { name: receiverUrl });
    await expect(item.getByText(tr('fr-FR', 'webhooks:events.session.started'))).toBeVisible({ timeout: 30_000 });
    await item.getByRole('button', { name: tr('fr-FR', 'webhooks:actions.test') }).click();
    await expect(item.getByTestId('webhook-delivery').first().getByText(tr('fr-FR', 'webhooks:states.succeeded'))).toBeVisible({ timeout: 30_000 });
    await section.getByRole('button', { name: tr('fr-FR', 'webhooks:add') }).click();
    await expect(page.getByRole('dialog', { name: tr('fr-FR', 'webhooks:createTitle') }).getByRole('textbox', { name: tr('fr-FR', 'webhooks:form.url') })).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/webhooks-fr-wide.png`, fullPage: true });
    await context.close();
  } finally {
    await api.dispose();
  }
});
