/** The backup as a download from the running server: how the embedded database is backed up while it runs. */
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API } from '@palabre/shared';
import { resolveSecret, type AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { route } from '../http/route.ts';
import { platform, policyUser } from '../policy.ts';
import { writeBackup } from './backup.ts';

export function backupRoutes(ctx: AppContext, app: FastifyInstance): void {
  route(app, API.backoffice.backup, async ({ actor, reply }) => {
    if (!platform.backup(policyUser(actor))) throw new AppError('forbidden', 'Only super administrators, signed in themselves, download backups');
    const archive = new PassThrough();
    // Streamed as it is written: a failure midway cuts the download, which the client sees as incomplete.
    // The file leaves the host: its secrets are sealed with the server's signing secret (secrets.ts).
    writeBackup({ db: ctx.db, kind: ctx.dbKind, storage: ctx.storage }, archive, { sealSecretsWith: resolveSecret(ctx.config) }).catch((error: unknown) => {
      ctx.log.error({ err: error }, 'backup failed');
      archive.destroy(error as Error);
    });
    const name = `palabre-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    return reply.type('application/gzip').header('cache-control', 'private, no-store').header('content-disposition', `attachment; filename="${name}"`).send(archive);
  });
}
