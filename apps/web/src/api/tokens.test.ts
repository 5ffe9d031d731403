/** The refresh of the access token: tabs take turns, and a tab that waited uses what the other one got. */
import { REFRESH_PATH } from '@palabre/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubPage } from './testPage.ts';
import { REFRESH_LOCK, refreshSession } from './tokens.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  // The attempt in progress is forgotten on the next turn of the event loop (a timer of 0): let it fire.
  await new Promise((resolve) => setTimeout(resolve, 0));
});

/** Web Locks where another tab holds the refresh lock first and refreshes (stores a new token) before handing it over. */
function lockHeldByAnotherTab(taken: string[]) {
  vi.stubGlobal('navigator', {
    locks: {
      request: async (name: string, work: () => Promise<unknown>) => {
        taken.push(name);
        document.cookie = 'authToken=from-the-other-tab; userId=u1; XSRF-TOKEN=x';
        return work();
      },
    },
  });
}

describe('refreshSession', () => {
  it('does not refresh again when another tab refreshed while this one waited for the lock', async () => {
    const refreshes: string[] = [];
    stubPage('/interface/explore', { authToken: 'expired', userId: 'u1', 'XSRF-TOKEN': 'x' }, ({ url }) => {
      refreshes.push(url);
      return jsonResponse(200, { auth_token: 'mine', user_id: 'u1', expires_in: 3600 });
    });
    const taken: string[] = [];
    lockHeldByAnotherTab(taken);
    expect(await refreshSession()).toBe(true);
    expect(taken).toEqual([REFRESH_LOCK]);
    expect(refreshes.filter((url) => url === REFRESH_PATH)).toEqual([]);
    expect(document.cookie).toContain('authToken=from-the-other-tab');
  });

  it('refreshes under the lock when no other tab did', async () => {
    const refreshes: string[] = [];
    stubPage('/interface/explore', { authToken: 'expired', userId: 'u1', 'XSRF-TOKEN': 'x' }, ({ url }) => {
      refreshes.push(url);
      return jsonResponse(200, { auth_token: 'fresh', user_id: 'u1', expires_in: 3600 });
    });
    const taken: string[] = [];
    vi.stubGlobal('navigator', { locks: { request: (name: string, work: () => Promise<unknown>) => (taken.push(name), work()) } });
    expect(await refreshSession()).toBe(true);
    expect(taken).toEqual([REFRESH_LOCK]);
    expect(refreshes).toEqual([REFRESH_PATH]);
  });
});
