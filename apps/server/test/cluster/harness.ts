/**
 * A cluster of real Palabre nodes for the multi-node tier: one database in the run's throwaway
 * PostgreSQL (cluster/global-setup.ts), one S3 bucket (s3rver), and nodes started exactly as an
 * operator starts them — `bin/palabre serve --role …`, configured by the environment only, each on
 * its own loopback port and in its own process group, so that `kill9` ends a real process at once.
 *
 *   const cluster = await startCluster('upload');
 *   const a = await cluster.start('a', 'api');
 *   const worker = await cluster.start('worker', 'worker');
 *   const user = await cluster.user();                 // an account and an access token, seeded directly
 *   await cluster.kill9(worker); await cluster.restart(worker);
 *   await cluster.close();                              // in afterAll: every node, the database, the folder
 *
 * Nothing outlives the file: nodes are stopped in `close()`, on the test process's exit, by a time
 * bound (`timeLimitMs`), and — should the test process itself be killed — by a small watchdog
 * process that kills every node's process group once its parent is gone.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, inject } from 'vitest';
import { dataFolder, httpReady, killGroup, listens, migrate, printedReady, spawnNode, startWatchdog, stopNode, tail, type Roles } from '../../src/bench/nodes.ts';
import { loadConfig } from '../../src/config.ts';
import { createOrganization } from '../../src/organizations/service.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { usersRepo } from '../../src/users/repo.ts';
import { createAccount } from '../../src/users/service.ts';
import { TestClient } from '../harness/client.ts';
import { freePort } from '../harness/postgres.ts';
import { startS3Server, type S3TestServer } from '../harness/s3.ts';
import { createDatabase, uniqueEmail } from '../harness/server.ts';

/** A whole file's cluster is stopped after this, whatever its tests are doing. */
const DEFAULT_TIME_LIMIT_MS = 10 * 60_000;

export type { Roles };

export interface ClusterNode {
  name: string;
  roles: Roles;
  port: number;
  /** http://127.0.0.1:<port> (a worker-only node listens nowhere, but keeps its port for restarts). */
  url: string;
  /** The running process (replaced by restart). */
  child: ChildProcess;
  /** Everything the node printed, all its lives together (stdout and stderr). */
  logFile: string;
}

export interface ClusterUser {
  id: string;
  email: string;
  token: string;
  /** A client signed in as this user, talking to `node`. */
  client(node: ClusterNode): TestClient;
}

export interface Cluster {
  databaseUrl: string;
  /** The bucket every node stores media in (s3rver in the test process). */
  s3: S3TestServer;
  /** The test's own handle on the shared database and storage (no HTTP, no workers): seeding, reading rows. */
  control: RunningServer;
  nodes: ClusterNode[];
  /** Starts a node and waits until it is ready; `env` adds to (or overrides) the shared environment. */
  start(name: string, roles: Roles, env?: Record<string, string>): Promise<ClusterNode>;
  /** SIGKILL to the node's process group: no shutdown code runs. Resolves once it is gone. */
  kill9(node: ClusterNode): Promise<void>;
  /** Starts the node again, same name, roles, port and environment; waits until ready. */
  restart(node: ClusterNode): Promise<ClusterNode>;
  /** An account with an open session, created directly in the database (no slow password hashing). */
  user(): Promise<ClusterUser>;
  /** An organization owned by `owner`. */
  organization(owner: ClusterUser): Promise<string>;
  /** The last notable lines each node printed (warnings, errors, start lines): for a failure's message. */
  logs(lines?: number): string;
  close(): Promise<void>;
}

/** Prints the nodes' last log lines under each failed test of the file (call it at the file's top level). */
export function showLogsOnFailure(cluster: () => Cluster | undefined): void {
  afterEach((context) => {
    const current = cluster();
    if (current && context.task.result?.state === 'fail') console.error(current.logs());
  });
}

/**
 * The nodes' shared environment: what an operator puts in every node's unit file. No folder is
 * shared: media go to the bucket, and each node has a data folder of its own (work files).
 */
function sharedEnvironment(databaseUrl: string, s3: S3TestServer, secret: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ...s3.env(),
    PALABRE_SECRET: secret,
    HOST: '127.0.0.1',
    // Test clients each reach the nodes from their own address through a (pretend) reverse proxy.
    TRUST_PROXY: 'true',
    PALABRE_DEFAULT_MODEL: 'none',
    PALABRE_CHECK_RESPONSES: 'true',
    LIVE_RTMP_PORTS: 'off',
    LIVE_SRT_PORTS: 'off',
    LOG_LEVEL: 'info',
  };
}

export async function startCluster(prefix: string, options: { timeLimitMs?: number } = {}): Promise<Cluster> {
  if (inject('testDatabase') !== 'postgres') throw new Error('the cluster tier runs on PostgreSQL only (see cluster/global-setup.ts)');
  const limitMs = Math.min(options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS, inject('clusterDeadline') - Date.now());
  if (limitMs <= 0) throw new Error('the cluster run is past its time limit: no more nodes are started');
  const cleanups: Array<() => Promise<void> | void> = [];
  const undo = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `palabre-cluster-${prefix}-`));
  fs.writeFileSync(path.join(home, 'process-groups'), '');
  const watchdog = startWatchdog(process.pid, home, Math.ceil(limitMs / 1000) + 30);
  cleanups.push(() => void (watchdog.pid && spawnSync('kill', ['-9', '--', `-${watchdog.pid}`])));
  cleanups.push(() => fs.rmSync(home, { recursive: true, force: true }));
  const nodes: ClusterNode[] = [];
  const nodeEnv = new Map<ClusterNode, Record<string, string>>();

  const killAll = () => {
    for (const node of nodes) killGroup(node.child);
  };
  process.on('exit', killAll);
  cleanups.push(() => void process.off('exit', killAll));
  const bound = setTimeout(() => {
    console.error(`cluster ${prefix}: time limit of ${limitMs} ms reached, every node is killed`);
    killAll();
  }, limitMs);
  bound.unref();
  cleanups.push(() => clearTimeout(bound));

  let env: Record<string, string>;
  let s3: S3TestServer;
  let control: RunningServer;
  try {
    const database = await createDatabase(inject('postgresAdminUrl'));
    cleanups.push(() => database.drop());
    s3 = await startS3Server({ bucket: `palabre-${prefix}` });
    cleanups.push(() => s3.stop());
    env = sharedEnvironment(database.url, s3, `secret-${crypto.randomBytes(24).toString('hex')}`);
    // Migrations first, once, as an operator does before starting nodes (nodes would race for them).
    await migrate(home, { ...env, PALABRE_DATA_DIR: dataFolder(home, 'migrate') });
    // The test's own handle on the shared database and storage: seeding, reading rows.
    const config = loadConfig({ ...env, PALABRE_DATA_DIR: dataFolder(home, 'control'), PORT: '0', LOG_LEVEL: 'silent' });
    control = await startServer(config, { logger: false, listen: false, workers: false });
    cleanups.push(() => control.close());
  } catch (error) {
    await undo();
    throw error;
  }

  const exits = new Map<ChildProcess, Promise<number | null>>();
  async function launch(node: Omit<ClusterNode, 'child'> & { child?: ChildProcess }, extra: Record<string, string>): Promise<ClusterNode> {
    const from = fs.existsSync(node.logFile) ? fs.statSync(node.logFile).size : 0;
    // Environment only, as an operator runs a node; the node's name shows in its log lines.
    const { child, exited } = spawnNode(home, node.roles, node.logFile, {
      ...env,
      PALABRE_DATA_DIR: dataFolder(home, node.name),
      PORT: String(node.port),
      PUBLIC_URL: node.url,
      PALABRE_NODE_ID: node.name,
      ...extra,
    });
    exits.set(child, exited);
    const started = Object.assign(node, { child }) as ClusterNode;
    try {
      if (listens(node.roles)) await httpReady(started, exited);
      else await printedReady(started, from, exited);
    } catch (error) {
      killGroup(child);
      throw new Error(`${(error as Error).message}\n${tail(started.logFile, 40)}`);
    }
    return started;
  }

  const cluster: Cluster = {
    databaseUrl: env.DATABASE_URL!,
    s3,
    control,
    nodes,
    async start(name, roles, extra = {}) {
      const port = await freePort();
      const node = { name, roles, port, url: `http://127.0.0.1:${port}`, logFile: path.join(home, `${name}.log`) };
      const started = await launch(node, extra);
      nodes.push(started);
      nodeEnv.set(started, extra);
      return started;
    },
    async kill9(node) {
      killGroup(node.child);
      await exits.get(node.child);
    },
    async restart(node) {
      if (node.child.exitCode === null && node.child.signalCode === null) await cluster.kill9(node);
      return launch(node, nodeEnv.get(node) ?? {});
    },
    async user() {
      const email = uniqueEmail('cluster');
      const row = await createAccount(control.ctx, { email, firstname: 'Cluster', lastname: 'Member', password: null, verified: true });
      const tokens = await control.ctx.tokens.openSession(row.id, 'signup');
      return {
        id: row.id,
        email,
        token: tokens.auth_token,
        client(node) {
          const client = new TestClient(node.url);
          client.useTokens(tokens);
          return client;
        },
      };
    },
    async organization(owner) {
      const row = await usersRepo.byId(control.ctx.db, owner.id);
      if (!row) throw new Error(`no user ${owner.id}`);
      const organization = await createOrganization(control.ctx, row, `Cluster ${crypto.randomBytes(4).toString('hex')}`);
      return organization.id;
    },
    logs(lines = 30) {
      return nodes.map((node) => `--- ${node.name} (${node.roles})\n${tail(node.logFile, lines)}`).join('\n');
    },
    async close() {
      // Nodes first (SIGTERM, then SIGKILL if they linger), then the database and the folder.
      await Promise.all(nodes.map((node) => stopNode(node.child, exits.get(node.child))));
      // PALABRE_CLUSTER_LOGS=<folder> keeps every node's log there (a failure's evidence, CI artifacts).
      const keep = process.env.PALABRE_CLUSTER_LOGS;
      if (keep) {
        fs.mkdirSync(keep, { recursive: true });
        for (const node of nodes) fs.copyFileSync(node.logFile, path.join(keep, `${prefix}-${node.name}.log`));
      }
      await undo();
    },
  };
  return cluster;
}
