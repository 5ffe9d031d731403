import { describe, expect, it } from 'vitest';
import { checkRolesDatabase, describeRoles, listens, nodeIdOf, parseRoles, RoleError } from '../../src/roles.ts';

describe('roles', () => {
  it('runs everything by default', () => {
    expect(parseRoles(undefined)).toEqual({ all: true, api: true, collab: true, worker: true, live: true });
    expect(parseRoles('all')).toEqual(parseRoles(undefined));
    expect(describeRoles(parseRoles(undefined))).toBe('all');
  });

  it('parses a comma-separated mix; api brings the collaboration socket', () => {
    expect(parseRoles('api')).toEqual({ all: false, api: true, collab: true, worker: false, live: false });
    expect(parseRoles('collab')).toEqual({ all: false, api: false, collab: true, worker: false, live: false });
    expect(parseRoles(' worker , live ')).toEqual({ all: false, api: false, collab: false, worker: true, live: true });
    expect(describeRoles(parseRoles('live,worker'))).toBe('worker,live');
    expect(describeRoles(parseRoles('api,collab'))).toBe('api');
    expect(describeRoles(parseRoles('collab,live'))).toBe('collab,live');
  });

  it('refuses unknown or empty names', () => {
    expect(() => parseRoles('api,web')).toThrow(RoleError);
    expect(() => parseRoles('api,')).toThrow(/comma-separated mix of api, worker, collab, live/);
    expect(() => parseRoles('all,api')).toThrow(RoleError);
  });

  it('says which roles listen for HTTP', () => {
    expect(listens(parseRoles('worker'))).toBe(false);
    expect(listens(parseRoles('collab'))).toBe(true);
    expect(listens(parseRoles('live'))).toBe(true);
    expect(listens(parseRoles('all'))).toBe(true);
  });

  it('requires PostgreSQL for anything but all', () => {
    expect(() => checkRolesDatabase(parseRoles('all'), undefined)).not.toThrow();
    expect(() => checkRolesDatabase(parseRoles('worker'), undefined)).toThrow(/DATABASE_URL/);
    expect(() => checkRolesDatabase(parseRoles('worker'), 'postgres://db/palabre')).not.toThrow();
  });

  it('names the node from PALABRE_NODE_ID, or its host and process', () => {
    expect(nodeIdOf({ PALABRE_NODE_ID: 'api-1' })).toBe('api-1');
    expect(nodeIdOf({})).toMatch(new RegExp(`-${process.pid}$`));
  });
});
