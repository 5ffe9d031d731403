/**
 * What a node runs (`palabre serve --role`, docs/ARCHITECTURE.md "Runtime"): `all` (the default, one
 * process doing everything) or a comma-separated mix of
 *
 * - `api`: the HTTP API, the web client, the session socket and the collaboration socket (REST
 *   transcript edits hold documents anyway, so every API node can serve editors);
 * - `collab`: the collaboration socket only, on a minimal HTTP listener (socket.io, /healthcheck);
 * - `worker`: the job workers, with no public HTTP;
 * - `live`: the live ingest (RTMP/SRT listeners, the ingest WebSocket) and the transcription of the
 *   channels it receives, on a minimal HTTP listener (the ingest WebSocket, /healthcheck).
 *
 * Anything but `all` runs beside other nodes, so it needs PostgreSQL (PGlite is single-process).
 */
import os from 'node:os';

export const ROLE_NAMES = ['api', 'worker', 'collab', 'live'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export interface Roles {
  /** Everything in one process (the default). */
  all: boolean;
  /** The full HTTP API and web client, with the session socket. */
  api: boolean;
  /** The collaboration socket (also true with `api`). */
  collab: boolean;
  /** Job workers and the background recoveries that go with them. */
  worker: boolean;
  /** The live ingest and the channels' transcription. */
  live: boolean;
}

export const ALL_ROLES: Roles = { all: true, api: true, collab: true, worker: true, live: true };

export class RoleError extends Error {}

/** Parses `--role`: `all` (or nothing) or a comma-separated mix of api, worker, collab, live. */
export function parseRoles(text: string | undefined): Roles {
  const value = (text ?? 'all').trim();
  if (value === 'all' || value === '') return { ...ALL_ROLES };
  const names = value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !(ROLE_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0 || names.length === 0) {
    throw new RoleError(`--role: must be all, or a comma-separated mix of ${ROLE_NAMES.join(', ')} (got "${value}")`);
  }
  const has = (name: RoleName) => names.includes(name);
  return { all: false, api: has('api'), collab: has('api') || has('collab'), worker: has('worker'), live: has('live') };
}

/** Whether this node listens for HTTP at all (the full API, or the minimal listener of collab or live). */
export const listens = (roles: Roles) => roles.api || roles.collab || roles.live;

/** The roles as `--role` names them, for logs. */
export function describeRoles(roles: Roles): string {
  if (roles.all) return 'all';
  return ROLE_NAMES.filter((name) => (name === 'collab' ? roles.collab && !roles.api : roles[name])).join(',');
}

/** A node that is not `all` runs beside others: only PostgreSQL can be shared. */
export function checkRolesDatabase(roles: Roles, databaseUrl: string | undefined): void {
  if (!roles.all && !databaseUrl) {
    throw new RoleError(`--role ${describeRoles(roles)}: several nodes share one PostgreSQL database; set DATABASE_URL (PGlite serves a single process)`);
  }
}

/** This node's id in logs, live leases and the adapter: PALABRE_NODE_ID, or hostname-pid. */
export function nodeIdOf(env: Record<string, string | undefined> = process.env): string {
  const given = env.PALABRE_NODE_ID?.trim();
  return given && given.length > 0 ? given.slice(0, 100) : `${os.hostname()}-${process.pid}`;
}
