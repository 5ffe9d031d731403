/**
 * The e2e `test`: baseURL and data directory from the global setup, a per-test client address
 * (rate limits are per address; each test acts as its own client), and an API helper.
 */
import { test as base, expect } from '@playwright/test';
import { Api, randomClientIp } from './api.ts';
import { baseUrl, dataDir } from './env.ts';

interface Fixtures {
  clientIp: string;
  api: Api;
  dataDir: string;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  clientIp: async ({}, use) => {
    await use(randomClientIp());
  },
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(baseUrl());
  },
  extraHTTPHeaders: async ({ clientIp }, use) => {
    await use({ 'x-forwarded-for': clientIp });
  },
  api: async ({ baseURL, clientIp }, use) => {
    const api = await Api.create(baseURL!, clientIp);
    await use(api);
    await api.dispose();
  },
  // eslint-disable-next-line no-empty-pattern
  dataDir: async ({}, use) => {
    await use(dataDir());
  },
});

export { expect };
