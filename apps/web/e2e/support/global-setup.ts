/**
 * Global setup of the e2e tier: the run's server (see server.ts), whose address and data directory
 * the tests read from the environment. Returns the teardown: stop the server, remove the data directory.
 */
import fs from 'node:fs';
import type { FullConfig } from '@playwright/test';
import { ENV_BASE_URL, ENV_DATA_DIR } from './env.ts';
import { startE2eServer } from './server.ts';

export default async function globalSetup(config: FullConfig) {
  const executablePath = config.projects[0]?.use.launchOptions?.executablePath;
  if (executablePath && !fs.existsSync(executablePath)) {
    throw new Error(`Chromium is not installed at ${executablePath}. Install Debian's: apt-get update && apt-get install -y chromium`);
  }
  const server = await startE2eServer();
  process.env[ENV_BASE_URL] = server.baseURL;
  process.env[ENV_DATA_DIR] = server.dataDir;
  return () => server.close({ log: Boolean(process.env.PALABRE_E2E_SERVER_LOG) });
}
