/**
 * One e2e server: a fresh data directory (PGlite), a system administrator created with the CLI, then
 * the real server on 127.0.0.1 with a free port, serving the already built web client. The global
 * setup starts the run's server with it; a spec that needs a differently configured server (e.g. the
 * loopback range allowed for outbound calls) starts its own with `extraEnv`, and one that needs a
 * fresh installation (no account at all) with `{ admin: false }`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN, REPO_ROOT, WEB_DIST_INDEX } from './env.ts';

export interface E2eServer {
  baseURL: string;
  dataDir: string;
  /** Stops the server and removes its data directory; `log` prints what it wrote. */
  close(options?: { log?: boolean }): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function waitForReady(child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start within ${timeoutMs / 1000} s`)), timeoutMs);
    const onData = () => {
      if (output().includes('READY ')) done();
    };
    const onExit = (code: number | null) => fail(new Error(`the server exited early (code ${code})`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    function done() {
      cleanup();
      resolve();
    }
    function fail(error: Error) {
      cleanup();
      reject(new Error(`${error.message}\n--- server output ---\n${output()}`));
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

export async function startE2eServer(extraEnv: NodeJS.ProcessEnv = {}, options: { admin?: boolean } = {}): Promise<E2eServer> {
  if (!fs.existsSync(WEB_DIST_INDEX)) {
    throw new Error(`The web client is not built (${WEB_DIST_INDEX} is missing).\n` + 'Build it first: npm run build --workspace @palabre/web (npm run test:e2e does it for you).');
  }
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-e2e-'));
  const dataDir = path.join(runDir, 'data');
  // A private copy of the built client: a rebuild during the run (vite empties dist) cannot break it.
  const webDist = path.join(runDir, 'web-dist');
  fs.cpSync(path.dirname(WEB_DIST_INDEX), webDist, { recursive: true, filter: (source) => !source.endsWith('.map') });
  fs.mkdirSync(dataDir);
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseURL,
    PALABRE_DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    PALABRE_E2E_RUN_DIR: runDir,
    LOG_LEVEL: 'warn',
    // Each test sends its own X-Forwarded-For, as distinct clients behind a proxy would: per-address
    // rate limits (sign-up, sign-in, magic links) then apply per test, not to the whole run.
    TRUST_PROXY: 'true',
    // The tests run on PocketSphinx: no speech model is downloaded in the background.
    PALABRE_DEFAULT_MODEL: 'none',
    APP_NAME: 'Palabre',
    // Mails go to <dataDir>/outbox, where the tests read magic links and reset links.
    SMTP_URL: '',
    OIDC_ISSUER: '',
    DATABASE_URL: '',
    USER_CREATION_DISABLED: 'false',
    ...extraEnv,
  };

  const removeDataDir = () => fs.rmSync(runDir, { recursive: true, force: true });

  // PGlite is single-process: create the administrator before the server opens the database.
  // Both run in the run directory, so that a developer's .env (read by the CLI) plays no part.
  const created =
    options.admin === false
      ? { status: 0, stdout: '', stderr: '' }
      : spawnSync(
          'bash',
          [
            path.join(REPO_ROOT, 'bin/palabre'),
            'admin',
            'create-user',
            '--email',
            ADMIN.email,
            '--password',
            ADMIN.password,
            '--firstname',
            ADMIN.firstname,
            '--lastname',
            ADMIN.lastname,
          ],
          { cwd: runDir, env, encoding: 'utf8', timeout: 120_000 },
        );
  if (created.status !== 0) {
    removeDataDir();
    throw new Error(`palabre admin create-user failed (status ${created.status}):\n${created.stdout}\n${created.stderr}`);
  }

  let output = '';
  const server = spawn(process.execPath, [path.join(REPO_ROOT, 'apps/web/e2e/support/server-process.ts')], {
    cwd: runDir,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  server.stdout.on('data', collect);
  server.stderr.on('data', collect);
  // A server that stops before it is told to fails every later test: say why at once.
  let closing = false;
  server.once('exit', (code, signal) => {
    if (!closing) process.stderr.write(`--- the e2e server stopped on its own (exit code ${code}, signal ${signal}) ---\n${output.slice(-20_000)}\n`);
  });

  try {
    await waitForReady(server, () => output, 90_000);
  } catch (error) {
    closing = true;
    server.kill('SIGKILL');
    removeDataDir();
    throw error;
  }

  return {
    baseURL,
    dataDir,
    async close({ log = false } = {}) {
      closing = true;
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
        server.kill('SIGTERM');
        const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 15_000).unref());
        if ((await Promise.race([exited, timeout])) === 'timeout') server.kill('SIGKILL');
      }
      server.stdin.destroy();
      removeDataDir();
      if (log) process.stdout.write(`--- server output ---\n${output}\n`);
    },
  };
}
