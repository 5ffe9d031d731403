/** `palabre backup` and `palabre restore`. */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { parseArgs } from 'node:util';
import { API } from '@palabre/shared';
import type { Config } from '../config.ts';
import { resolveSecret } from '../context.ts';
import { createStorage } from '../storage/drivers.ts';
import { DatabaseBusyError, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { BackupError } from './archive.ts';
import { writeBackup } from './backup.ts';
import { connectionsNamed } from './repo.ts';
import { restoreBackup } from './restore.ts';

export const BACKUP_USAGE = `  backup                     write a backup archive (database and stored media) while the server runs or not
      [--output <file>]      the archive (default: palabre-backup-<date>.tar.gz here; "-" for standard output)
      [--url <server URL> --token <access token>]
                             ask a running server for it (needed for the embedded database while it runs):
                             GET ${API.backoffice.backup.path}, for super administrators
  restore <archive>          restore an archive into this installation (server stopped)
      [--force]              erase an installation that already holds data first`;

const log = (line: string) => console.error(line);

/** The application name pg-boss connects with: a running Palabre on the same PostgreSQL database. */
const SERVER_APPLICATION = 'palabre-jobs';

function defaultOutput(): string {
  return `palabre-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
}

/** Writes through a temporary file renamed into place at the end: a failed backup leaves no archive that looks whole. */
async function intoFile(output: string, write: (out: Writable) => Promise<void>): Promise<void> {
  if (output === '-') return write(process.stdout);
  const partial = `${output}.partial`;
  try {
    await write(fs.createWriteStream(partial, { flags: 'wx' }));
    await fsp.rename(partial, output);
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  }
}

/**
 * Runs the work of a command on an opened database and closes it in every case: a `BackupError` is the
 * user's to read (its message printed, exit code 1); anything else is a fault and is thrown.
 */
async function runArchiveCommand(handle: DatabaseHandle, work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

export async function runBackupCommand(args: string[], config: Config): Promise<number> {
  const { values } = parseArgs({ args, options: { output: { type: 'string', short: 'o' }, url: { type: 'string' }, token: { type: 'string' } } });
  const output = values.output ?? defaultOutput();
  if (values.url !== undefined || values.token !== undefined) {
    if (!values.url || !values.token) {
      console.error('--url and --token go together: the address of the running server and an access token of a super administrator.');
      return 2;
    }
    return backupThroughServer(values.url, values.token, output);
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DatabaseBusyError)) throw error;
    console.error(
      'The running server holds the embedded database: ask it for the backup instead, with ' +
        `palabre backup --url ${config.publicUrl} --token <access token of a super administrator> ` +
        `(it calls GET ${API.backoffice.backup.path}).`,
    );
    return 1;
  }
  const code = await runArchiveCommand(handle, async () => {
    await intoFile(output, (out) => writeBackup({ db: handle.db, kind: handle.kind, storage: createStorage(config) }, out, { progress: log }).then(() => undefined));
    return 0;
  });
  if (code === 0 && output !== '-') log(`Archive: ${path.resolve(output)}`);
  return code;
}

async function backupThroughServer(url: string, token: string, output: string): Promise<number> {
  const address = new URL(API.backoffice.backup.path, url.endsWith('/') ? url : `${url}/`);
  const response = await fetch(address, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) {
    const reasons: Record<number, string> = {
      401: 'the token was refused (expired or wrong)',
      403: 'only super administrators may download a backup',
    };
    console.error(`The server did not send a backup: ${reasons[response.status] ?? `HTTP ${response.status}`}.`);
    return 1;
  }
  log(`Downloading the backup from ${address.origin}…`);
  await intoFile(output, (out) => pipeline(Readable.fromWeb(response.body as WebReadableStream), out));
  if (output !== '-') log(`Archive: ${path.resolve(output)}`);
  return 0;
}

export async function runRestoreCommand(args: string[], config: Config): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { force: { type: 'boolean', default: false } } });
  const [archive] = positionals;
  if (!archive || positionals.length > 1) {
    console.error('Usage: palabre restore <archive> [--force]');
    return 2;
  }
  let handle: DatabaseHandle;
  try {
    handle = await openDatabase(config);
  } catch (error) {
    if (!(error instanceof DatabaseBusyError)) throw error;
    console.error('A Palabre server is running on this data folder: stop it before restoring.');
    return 1;
  }
  return runArchiveCommand(handle, async () => {
    if (handle.kind === 'postgres') {
      if ((await connectionsNamed(handle.db, SERVER_APPLICATION)) > 0) {
        console.error('A Palabre server is connected to this database: stop every node before restoring.');
        return 1;
      }
    }
    await restoreBackup(archive, { handle, storage: createStorage(config) }, { force: values.force, progress: log, serverSecret: resolveSecret(config) });
    return 0;
  });
}
