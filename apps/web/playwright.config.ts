/**
 * End-to-end browser tests: the real server (PGlite, temp data dir) serving the built web client,
 * driven through Debian's Chromium. Browsers are never downloaded.
 *
 *   npm run test:e2e        (builds the web client, then runs these tests)
 */
import { defineConfig } from '@playwright/test';

const CHROMIUM = process.env.PALABRE_E2E_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  // Traces and screenshots of failed tests. Two runs at once in one checkout need distinct folders.
  outputDir: process.env.PALABRE_E2E_OUTPUT_DIR ?? './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
