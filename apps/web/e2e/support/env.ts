/** What the global setup shares with the tests (through environment variables inherited by workers). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const WEB_DIST_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export const ENV_BASE_URL = 'PALABRE_E2E_BASE_URL';
export const ENV_DATA_DIR = 'PALABRE_E2E_DATA_DIR';

/** The system administrator created by the global setup (platform role 31). */
export const ADMIN = {
  email: 'admin@palabre.test',
  password: 'admin-e2e-Passw0rd',
  firstname: 'Ada',
  lastname: 'Admin',
} as const;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with the e2e config (npm run test:e2e), whose global setup starts the server.`);
  return value;
}

export const baseUrl = () => required(ENV_BASE_URL);
export const dataDir = () => required(ENV_DATA_DIR);
