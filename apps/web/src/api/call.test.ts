import { API, COOKIE } from '@palabre/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, callFile, fillPath } from './call.ts';
import { ApiError, dispositionFilename } from './client.ts';
import { jsonResponse, stubPage, type StubbedRequest } from './testPage.ts';

let sent: StubbedRequest[];
let answers: Response[];
const json = jsonResponse;

/** A browser page at `pathname` with the given cookies, whose fetch records requests and plays `answers` in order. */
function page(pathname: string, cookies: Record<string, string> = {}) {
  stubPage(pathname, cookies, (request) => {
    sent.push(request);
    return answers.shift() ?? json(200, {});
  });
}

beforeEach(() => {
  sent = [];
  answers = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fillPath', () => {
  it('fills every :name segment from the parameters, encoded', () => {
    expect(fillPath(API.tags.updateTag.path, { id: 'o 1', tagId: 'a/b?c' })).toBe('/cm-api/api/organizations/o%201/tags/a%2Fb%3Fc');
  });

  it('refuses a missing parameter rather than calling a wrong address', () => {
    expect(() => fillPath(API.tags.updateTag.path, { id: 'o1' })).toThrow(/tagId/);
  });
});

describe('call', () => {
  it('sends the body to the filled path, with the anti-forgery header and no `t`', async () => {
    page('/interface/tags', { [COOKIE.authToken]: 'tok', [COOKIE.xsrf]: 'x1' });
    answers.push(json(200, { _id: 't1', name: 'Budget', categoryId: 'c1', organizationId: 'o1' }));
    const tag = await call(API.tags.updateTag, { params: { id: 'o1', tagId: 't/1' }, body: { name: 'Budget' } });
    expect(tag.name).toBe('Budget');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/cm-api/api/organizations/o1/tags/t%2F1',
      method: 'PATCH',
      body: { name: 'Budget' },
      headers: { authorization: 'Bearer tok', 'x-xsrf-token': 'x1', 'content-type': 'application/json' },
    });
  });

  it('adds the query, leaves empty values out, and marks GET calls with `t`', async () => {
    page('/interface/explore');
    answers.push(json(200, { count: 0, countExact: true, list: [] }));
    await call(API.conversations.list, { params: { id: 'o1' }, query: { page: 2, text: '', tags: 'a,b', sortField: 'name' } });
    const url = new URL(sent[0]!.url, 'http://palabre.test');
    expect(url.pathname).toBe('/cm-api/api/organizations/o1/conversations');
    expect(Object.fromEntries([...url.searchParams].filter(([key]) => key !== 't'))).toEqual({ page: '2', tags: 'a,b', sortField: 'name' });
    expect(url.searchParams.get('t')).toMatch(/^\d+$/);
    expect(url.searchParams.has('userScope')).toBe(false);
  });

  it('asks for the backoffice scope from backoffice pages', async () => {
    page('/backoffice/users');
    answers.push(json(200, { count: 0, list: [] }));
    await call(API.backoffice.users, { query: { page: 0, size: 1 } });
    const url = new URL(sent[0]!.url, 'http://palabre.test');
    expect(url.pathname).toBe('/cm-api/api/administration/users');
    expect(url.searchParams.get('userScope')).toBe('backoffice');
  });

  it('sends an empty JSON body on writes without one, and none on DELETE', async () => {
    page('/interface/explore', { [COOKIE.xsrf]: 'x1' });
    answers.push(json(200, { favorites: ['m1'] }), json(200, { favorites: [] }));
    await call(API.library.addFavorite, { params: { id: 'm1' } });
    await call(API.library.removeFavorite, { params: { id: 'm1' } });
    expect(sent.map((request) => [request.method, request.body])).toEqual([
      ['PUT', {}],
      ['DELETE', undefined],
    ]);
  });

  it('turns an error answer into an ApiError with its code and field errors', async () => {
    page('/interface/tags', { [COOKIE.xsrf]: 'x1' });
    answers.push(json(409, { status: 'error', code: 'conflict', message: 'Name taken', fields: { name: 'error.name_exists' } }));
    const failure = await call(API.tags.createTag, { params: { id: 'o1' }, body: { name: 'Budget', categoryId: 'c1' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 409, code: 'conflict', fields: { name: 'error.name_exists' } });
  });

  it('passes the abort signal to fetch', async () => {
    page('/interface/explore');
    const controller = new AbortController();
    await call(API.tags.ofConversation, { params: { id: 'm1' }, signal: controller.signal });
    expect(vi.mocked(fetch).mock.calls[0]![1]!.signal).toBe(controller.signal);
  });

  it('requires exactly what the entry declares (checked by the type check)', () => {
    // Only the types matter here: these calls are never made.
    const typeOnly = (run: () => unknown) => run;
    // @ts-expect-error the entry has path parameters
    typeOnly(() => call(API.tags.updateTag, { body: { name: 'x' } }));
    // @ts-expect-error the entry has a required body
    typeOnly(() => call(API.tags.createTag, { params: { id: 'o1' } }));
    // @ts-expect-error the entry has no body
    typeOnly(() => call(API.tags.removeTag, { params: { id: 'o1', tagId: 't1' }, body: {} }));
    // @ts-expect-error the entry has no query
    typeOnly(() => call(API.users.self, { query: { page: 1 } }));
    // @ts-expect-error a required query field
    typeOnly(() => call(API.users.search, {}));
    // Nothing to send: the input may be left out.
    typeOnly(() => call(API.users.self));
    // Every query field optional: the query may be left out.
    typeOnly(() => call(API.transcriberProfiles.list));
    // @ts-expect-error the answer is the entry's response type
    typeOnly(async () => (await call(API.users.self)).notAField);
  });
});

describe('callFile', () => {
  it('answers the bytes and the file name the server gave them', async () => {
    page('/interface/conversations/m1/publish', { [COOKIE.xsrf]: 'x1' });
    answers.push(
      new Response('%PDF-1.7', {
        status: 200,
        headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="Interview.pdf"; filename*=UTF-8''Entretien%20%C3%A9t%C3%A9.pdf` },
      }),
    );
    const file = await callFile(API.exports.download, { params: { id: 'm1' }, query: { format: 'pdf' }, body: { filter: { keyword: 'budget' } } });
    expect(file.filename).toBe('Entretien été.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7');
    expect(sent[0]).toMatchObject({ method: 'POST', body: { filter: { keyword: 'budget' } } });
    expect(new URL(sent[0]!.url, 'http://palabre.test').pathname).toBe('/cm-api/api/conversations/m1/download');
  });

  it('turns an error answer into an ApiError, as call does', async () => {
    page('/interface/conversations/m1/publish', { [COOKIE.xsrf]: 'x1' });
    answers.push(json(503, { status: 'error', code: 'export_unavailable', message: 'No converter' }));
    const failure = await callFile(API.exports.download, { params: { id: 'm1' }, query: { format: 'odt' } }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 503, code: 'export_unavailable' });
  });

  it.each([502, 503, 504])("reads a %i without the server's JSON body (a proxy answered) as unavailable, not as an internal error", async (status) => {
    page('/interface/tags', { [COOKIE.xsrf]: 'x1' });
    answers.push(new Response('<html><body>Bad Gateway</body></html>', { status, headers: { 'content-type': 'text/html' } }));
    const failure = await call(API.tags.updateTag, { params: { id: 'o1', tagId: 't1' }, body: { name: 'Budget' } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status, code: 'unavailable' });
  });
});

describe('dispositionFilename', () => {
  it('reads the plain name, quoted or not, and prefers the UTF-8 one', () => {
    expect(dispositionFilename('attachment; filename="a \\"b\\".txt"')).toBe('a "b".txt');
    expect(dispositionFilename('inline; filename=report.pdf')).toBe('report.pdf');
    expect(dispositionFilename(`attachment; filename="x.srt"; filename*=UTF-8''%C3%A9.srt`)).toBe('é.srt');
    expect(dispositionFilename(`attachment; filename="x.srt"; filename*=UTF-8''%E0%A4%A.srt`)).toBe('x.srt');
    expect(dispositionFilename('attachment')).toBeNull();
    expect(dispositionFilename(null)).toBeNull();
  });
});
