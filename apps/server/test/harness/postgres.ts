/**
 * A throwaway PostgreSQL cluster built from the machine's binaries (initdb + pg_ctl), listening on a
 * free loopback port, with its data and socket in a temporary folder that is removed when it stops.
 *
 * initdb refuses to run as root: when the tests run as root, the cluster runs as the `postgres`
 * system user (or a dedicated `palabre-test` user created for the purpose).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PostgresCluster {
  /** URL of the maintenance database, for CREATE DATABASE. */
  adminUrl: string;
  port: number;
  dir: string;
  stop(): void;
}

const SEARCH_ROOT = '/usr/lib/postgresql';

/** PG_BIN_DIR if set, else the newest /usr/lib/postgresql/<version>/bin that has initdb and pg_ctl. */
export function findPostgresBinaries(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN_DIR) candidates.push(process.env.PG_BIN_DIR);
  else if (fs.existsSync(SEARCH_ROOT)) {
    const versions = fs
      .readdirSync(SEARCH_ROOT)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(SEARCH_ROOT, v, 'bin')));
  }
  const found = candidates.find((dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(dir, b))));
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found in ' +
        `${process.env.PG_BIN_DIR ?? `${SEARCH_ROOT}/<version>/bin`}.\n` +
        'Install them (Debian: apt-get install postgresql) or set PG_BIN_DIR, or run the suite with PALABRE_TEST_DB=pglite.',
    );
  }
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The user the cluster runs as, when we are root: postgres, else a dedicated system user. */
function unprivilegedUser(): string | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'palabre-test']) {
    if (spawnSync('id', ['-u', name]).status === 0) return name;
  }
  const created = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'palabre-test']);
  if (created.status !== 0) {
    throw new Error(`Running as root and no "postgres" user exists; creating "palabre-test" failed: ${created.stderr}`);
  }
  return 'palabre-test';
}

function run(user: string | null, file: string, args: string[], options: { cwd: string }) {
  const [command, argv] = user ? ['runuser', ['-u', user, '--', file, ...args]] : [file, args];
  try {
    execFileSync(command, argv, { cwd: options.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stderr?: Buffer; stdout?: Buffer; message: string };
    throw new Error(`${path.basename(file)} failed: ${e.stderr?.toString() || e.stdout?.toString() || e.message}`);
  }
}

export async function startPostgres(): Promise<PostgresCluster> {
  const bin = findPostgresBinaries();
  const user = unprivilegedUser();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palabre-pg-'));
  const data = path.join(dir, 'data');
  if (user) {
    const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
    fs.chownSync(dir, uid, gid);
  }
  fs.chmodSync(dir, 0o700);
  run(user, path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { cwd: dir });

  // A port chosen by the kernel can be taken between the probe and the start: try a few times.
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const options = [
      `-p ${port}`,
      `-c listen_addresses=127.0.0.1`,
      `-c unix_socket_directories=${dir}`,
      '-c max_connections=300',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    try {
      run(user, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'], { cwd: dir });
    } catch (error) {
      lastError = error;
      continue;
    }
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      process.off('exit', stop);
      const [command, argv] = user
        ? ['runuser', ['-u', user, '--', path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']]
        : [path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']];
      spawnSync(command as string, argv as string[], { cwd: dir, stdio: 'ignore' });
      fs.rmSync(dir, { recursive: true, force: true });
    };
    // If the run is interrupted, do not leave a server behind.
    process.on('exit', stop);
    return { adminUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`, port, dir, stop };
  }
  const log = path.join(dir, 'server.log');
  const detail = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-2000) : '';
  fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(`PostgreSQL did not start: ${String(lastError)}\n${detail}`);
}
