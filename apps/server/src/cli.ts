#!/usr/bin/env node
/** palabre — one entry point: serve, migrate, admin create-user, backup, restore, models, bench. */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { PLATFORM_ROLE, email as emailRule, password as passwordRule, requiredText } from '@palabre/shared';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseBusyError, openDatabase } from './db/client.ts';
import { BACKUP_USAGE, runBackupCommand, runRestoreCommand } from './backup/cli.ts';
import { BENCH_USAGE, runBenchCommand } from './bench/cli.ts';
import { MODELS_USAGE, runModelsCommand } from './models/cli.ts';
import { downloadFetch } from './net/download.ts';
import { outboundPolicy } from './net/outbound.ts';
import { STORAGE_USAGE, runStorageCommand } from './storage/migrate.ts';
import { checkRolesDatabase, describeRoles, listens, parseRoles, RoleError, type Roles } from './roles.ts';
import { startServer } from './server.ts';

const USAGE = `Usage: palabre <command>

Commands:
  serve                      start the all-in-one server (HTTP API + web client + job workers)
      [--role all|<roles>]   all (default), or a comma-separated mix of api, worker, collab, live
                             (several nodes on one PostgreSQL; see docs/DEPLOYMENT.md)
  migrate                    apply database migrations and exit
  admin create-user          create a user
      --email <email> --password <password> --firstname <name> --lastname <name>
      [--role <bitmask>]     platform role (default: super administrator, 31)
${BACKUP_USAGE}
${MODELS_USAGE}
${STORAGE_USAGE}
${BENCH_USAGE}

Configuration comes from the environment; see .env.example.`;

/** A .env file in the working folder fills in variables the environment does not already set. */
function loadDotEnv(): void {
  if (!fs.existsSync('.env')) return;
  const before = { ...process.env };
  process.loadEnvFile('.env');
  Object.assign(process.env, before);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  loadDotEnv();
  const config = loadConfig();
  switch (command) {
    case 'serve': {
      const { values } = parseArgs({ args: rest, options: { role: { type: 'string' } } });
      let roles: Roles;
      try {
        roles = parseRoles(values.role ?? process.env.PALABRE_ROLE);
        checkRolesDatabase(roles, config.databaseUrl);
      } catch (error) {
        if (!(error instanceof RoleError)) throw error;
        console.error(error.message);
        return 2;
      }
      const role = describeRoles(roles);
      const server = await startServer(config, { roles });
      const stop = async (signal: string) => {
        server.ctx.log.info(`${signal} received, stopping`);
        await server.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void stop('SIGINT'));
      process.once('SIGTERM', () => void stop('SIGTERM'));
      if (!listens(roles)) console.log(`Palabre node ${server.nodeId} running (role: ${role}, database: ${server.db.kind}, data: ${config.dataDir})`);
      else console.log(`Palabre is listening on ${server.url} (node: ${server.nodeId}, role: ${role}, database: ${server.db.kind}, data: ${config.dataDir})`);
      return -1; // keep running
    }
    case 'migrate': {
      const db = await openDatabase(config);
      await db.migrate();
      await db.close();
      console.log(`Migrations applied (${db.kind}).`);
      return 0;
    }
    case 'admin': {
      const [sub, ...args] = rest;
      if (sub !== 'create-user') break;
      const { values } = parseArgs({
        args,
        options: {
          email: { type: 'string' },
          password: { type: 'string' },
          firstname: { type: 'string', default: 'Admin' },
          lastname: { type: 'string', default: 'Palabre' },
          role: {
            type: 'string',
            default: String(
              PLATFORM_ROLE.USER | PLATFORM_ROLE.ORGANIZATION_INITIATOR | PLATFORM_ROLE.SESSION_OPERATOR | PLATFORM_ROLE.SYSTEM_ADMINISTRATOR | PLATFORM_ROLE.SUPER_ADMINISTRATOR,
            ),
          },
        },
      });
      const checks = {
        email: emailRule(values.email ?? ''),
        password: passwordRule(values.password ?? ''),
        firstname: requiredText(values.firstname ?? ''),
        lastname: requiredText(values.lastname ?? ''),
      };
      const errors = Object.entries(checks).filter(([, r]) => r.error);
      const role = Number(values.role);
      if (errors.length > 0 || !Number.isInteger(role) || role < 0 || role > 31) {
        for (const [field, r] of errors) console.error(`--${field}: ${r.error}`);
        if (!Number.isInteger(role) || role < 0 || role > 31) console.error('--role: must be an integer bitmask between 0 and 31');
        return 2;
      }
      const server = await startServer(config, { logger: false, listen: false, workers: false });
      try {
        const { createAccount } = await import('./users/service.ts');
        const user = await createAccount(server.ctx, {
          email: checks.email.value,
          password: checks.password.value,
          firstname: checks.firstname.value,
          lastname: checks.lastname.value,
          role,
          verified: true,
        });
        console.log(`User ${user.email} created (id ${user.id}, role ${user.role}).`);
        return 0;
      } finally {
        await server.close();
      }
    }
    case 'models':
      return runModelsCommand(rest, config.dataDir, undefined, { baseUrl: config.modelsBaseUrl, fetch: downloadFetch(outboundPolicy(config)) });
    case 'storage': {
      // Ctrl-C stops the copy cleanly (the object under way leaves nothing); a rerun resumes.
      const interrupt = new AbortController();
      process.once('SIGINT', () => interrupt.abort());
      process.once('SIGTERM', () => interrupt.abort());
      return runStorageCommand(rest, config, undefined, interrupt.signal);
    }
    case 'bench':
      return runBenchCommand(rest, config);
    case 'backup':
      return runBackupCommand(rest, config);
    case 'restore':
      return runRestoreCommand(rest, config);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return 0;
  }
  console.error(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
    // An unknown or malformed option: say which, with the usage, without a stack trace.
    if (code.startsWith('ERR_PARSE_ARGS_')) {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (error instanceof ConfigError || error instanceof DatabaseBusyError) console.error(error.message);
    else if (error && typeof error === 'object' && 'code' in error && error.code === 'email_exists') console.error('A user with this email already exists.');
    else console.error(error);
    process.exit(1);
  },
);
