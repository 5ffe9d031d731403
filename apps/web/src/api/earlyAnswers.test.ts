import { API } from '@palabre/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { askFirstScreen, EDITOR_MEDIA_QUERY, RIGHT_QUERY } from '../routes/firstScreen.ts';
import { paths } from '../routes/paths.ts';
import { call } from './call.ts';
import { askEarly, takeEarly } from './earlyAnswers.ts';
import { jsonResponse, stubPage } from './testPage.ts';

const id = '3ad1b878-dc87-43da-bbe2-0a4e108bae0c';
let sent: string[];

/** A page at `pathname`, signed in or not, whose fetch records the paths asked (without `t`). */
function page(pathname: string, signedIn: boolean) {
  stubPage(pathname, signedIn ? { authToken: 'token', userId: 'u1' } : {}, ({ url }) => {
    const asked = new URL(url, 'http://palabre.test');
    asked.searchParams.delete('t');
    sent.push(asked.pathname + asked.search);
    return jsonResponse(200, { list: [], right: 1 });
  });
}

describe('answers asked before the application runs', () => {
  beforeEach(() => {
    sent = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("are the ones the first screen's calls would ask, each taken once instead of asking again", async () => {
    // The editor's page: its fields hold the right the guard reads.
    page(paths.conversationTranscription(id), true);
    askFirstScreen(location.pathname);
    expect(sent).toHaveLength(5);
    await call(API.system.config);
    await call(API.users.self);
    await call(API.organizations.list);
    await call(API.meetings.recoverable);
    await call(API.conversations.get, { params: { id }, query: EDITOR_MEDIA_QUERY });
    expect(sent).toHaveLength(5);
    // Taken once: the next call asks the server.
    await call(API.users.self);
    expect(sent).toHaveLength(6);
    // Another page of the media: the right alone.
    sent = [];
    page(paths.conversationPublish(id), true);
    askFirstScreen(location.pathname);
    await call(API.conversations.get, { params: { id }, query: RIGHT_QUERY });
    expect(sent).toHaveLength(5);
    expect(sent.at(-1)).toBe(`${API.conversations.get.path.replace(':id', id)}?projection=right`);
    for (const path of sent) void takeEarly(path);
  });

  it('ask only what the page needs: the configuration signed out, no media elsewhere', () => {
    page(paths.conversationTranscription(id), false);
    askFirstScreen(location.pathname);
    expect(sent).toEqual([API.system.config.path]);
    sent = [];
    page(paths.explore, true);
    askFirstScreen(location.pathname);
    expect(sent).toEqual([API.system.config.path, API.users.self.path, API.organizations.list.path, API.meetings.recoverable.path]);
    for (const path of sent) void takeEarly(path);
    sent = [];
    // The guard does not ask for the meeting in progress on the quick session page.
    page(paths.quickSession(id), true);
    askFirstScreen(location.pathname);
    expect(sent).toEqual([API.system.config.path, API.users.self.path, API.organizations.list.path]);
    for (const path of sent) void takeEarly(path);
    sent = [];
    page(paths.conversation(id), true);
    askFirstScreen(location.pathname);
    expect(sent).toHaveLength(5);
    expect(sent.at(-1)).toBe(`${API.conversations.get.path.replace(':id', id)}?projection=right`);
    for (const path of sent) void takeEarly(path);
  });

  it('are not taken once stale', () => {
    vi.useFakeTimers();
    page(paths.explore, true);
    askEarly('/cm-api/api/users/self');
    vi.advanceTimersByTime(6_000);
    expect(takeEarly('/cm-api/api/users/self')).toBeNull();
    askEarly('/cm-api/api/users/self');
    expect(takeEarly('/cm-api/api/users/self')).not.toBeNull();
    expect(takeEarly('/cm-api/api/users/self')).toBeNull();
  });
});
