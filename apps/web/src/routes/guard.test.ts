import { describe, expect, it } from 'vitest';
import { decideNavigation, guardRunsAgain, safeNext, type NavigationInput } from './guard.ts';

const base: NavigationInput = {
  pathname: '/interface/explore',
  search: '',
  handle: {},
  params: {},
  authenticated: true,
  sessionsEnabled: true,
  recoverableOrganizationId: null,
};
const decide = (overrides: Partial<NavigationInput>) => decideNavigation({ ...base, ...overrides });

describe('decideNavigation', () => {
  it('lets a signed-in user open a page', () => {
    expect(decide({})).toEqual({ type: 'proceed' });
  });

  describe('malformed identifiers', () => {
    it('sends a path whose id is not a UUID to not-found', () => {
      for (const params of [{ conversationId: 'not-an-id' }, { organizationId: '123' }, { userId: 'x' }, { transcriberProfileId: 'abc' }]) {
        expect(decide({ pathname: '/interface/conversations/x', params })).toEqual({ type: 'redirect', to: '/interface/404' });
      }
    });
    it('asks a visitor to sign in first', () => {
      expect(decide({ pathname: '/interface/conversations/x', params: { conversationId: 'x' }, authenticated: false })).toMatchObject({
        type: 'redirect',
        to: expect.stringMatching(/^\/login\?next=/),
      });
    });
    it('keeps well-formed ids and the magic token', () => {
      const id = '0b0e4e8e-3c2a-4c55-9a43-3f1b0c9a7d11';
      expect(decide({ pathname: `/interface/conversations/${id}`, params: { conversationId: id } })).toEqual({ type: 'proceed' });
      expect(decide({ pathname: '/magiclink-auth/abc', params: { magicId: 'abc' }, handle: { public: true } })).toMatchObject({ type: 'magicLink' });
    });
  });

  describe('rule 1: sessions feature', () => {
    it('sends session pages to not-found when sessions are disabled', () => {
      expect(decide({ pathname: '/interface/sessionsList', handle: { sessions: true }, sessionsEnabled: false })).toEqual({
        type: 'redirect',
        to: '/interface/404',
      });
    });
    it('applies before sign-in, even on a public session page', () => {
      expect(decide({ pathname: '/interface/o/sessions/s', handle: { sessions: true, public: true }, sessionsEnabled: false, authenticated: false })).toEqual({
        type: 'redirect',
        to: '/interface/404',
      });
    });
    it('leaves session pages alone when sessions are enabled', () => {
      expect(decide({ pathname: '/interface/sessionsList', handle: { sessions: true } })).toEqual({ type: 'proceed' });
    });
  });

  describe('rule 2: magic link', () => {
    it('asks to validate the magic id, with the conversation of the query', () => {
      expect(decide({ pathname: '/magiclink-auth/abc', params: { magicId: 'abc' }, search: '?conversationId=c1', handle: { public: true }, authenticated: false })).toEqual({
        type: 'magicLink',
        magicId: 'abc',
        conversationId: 'c1',
      });
    });
    it('validates even for a user already signed in (the link may be for another account)', () => {
      expect(decide({ pathname: '/magiclink-auth/abc', params: { magicId: 'abc' }, handle: { public: true } })).toEqual({
        type: 'magicLink',
        magicId: 'abc',
        conversationId: null,
      });
    });
  });

  describe('rule 3: sign-in needed', () => {
    it('sends a visitor to login with the wanted path and query in next', () => {
      expect(decide({ authenticated: false, pathname: '/interface/favorites', search: '?page=2' })).toEqual({
        type: 'redirect',
        to: '/login?next=%2Finterface%2Ffavorites%3Fpage%3D2',
      });
    });
    it('sends a visitor on the root to login without next', () => {
      expect(decide({ authenticated: false, pathname: '/' })).toEqual({ type: 'redirect', to: '/login' });
      expect(decide({ authenticated: false, pathname: '/interface/' })).toEqual({ type: 'redirect', to: '/login' });
    });
    it('lets a visitor open public pages', () => {
      expect(decide({ authenticated: false, pathname: '/login', handle: { public: true, auth: true } })).toEqual({ type: 'proceed' });
      expect(decide({ authenticated: false, pathname: '/interface/o/sessions/s', handle: { public: true, sessions: true } })).toEqual({
        type: 'proceed',
      });
    });
    it('guards the backoffice like any private page, with no extra check', () => {
      expect(decide({ authenticated: false, pathname: '/backoffice/users', handle: { backoffice: true } })).toEqual({
        type: 'redirect',
        to: '/login?next=%2Fbackoffice%2Fusers',
      });
      expect(decide({ pathname: '/backoffice/users', handle: { backoffice: true } })).toEqual({ type: 'proceed' });
    });
  });

  describe('rule 4: next', () => {
    it('takes a signed-in user to next', () => {
      expect(decide({ pathname: '/login', search: '?next=%2Finterface%2Ffavorites', handle: { public: true, auth: true } })).toEqual({
        type: 'redirect',
        to: '/interface/favorites',
      });
    });
    it('ignores next for a visitor', () => {
      expect(decide({ authenticated: false, pathname: '/login', search: '?next=/interface/shared', handle: { public: true, auth: true } })).toEqual({
        type: 'proceed',
      });
    });
    it('refuses a next that leaves the site, and falls back to the later rules', () => {
      expect(decide({ pathname: '/login', search: '?next=//evil.example', handle: { public: true, auth: true } })).toEqual({
        type: 'redirect',
        to: '/interface/explore',
      });
    });
    it('does not loop when next is the current page', () => {
      expect(decide({ pathname: '/interface/shared', search: '?next=/interface/shared' })).toEqual({ type: 'proceed' });
    });
  });

  describe('rule 5: a quick meeting in progress', () => {
    const org = '5d1c7f0a-2b3e-4c4d-8e9f-0a1b2c3d4e5f';
    it('asks whether one is in progress before deciding', () => {
      expect(decide({ recoverableOrganizationId: undefined })).toEqual({ type: 'checkRecoverable' });
    });
    it('sends a signed-in user to the quick session page of its organization, to recover it', () => {
      expect(decide({ recoverableOrganizationId: org })).toEqual({ type: 'redirect', to: `/interface/${org}/quick-session?recover=true` });
      expect(decide({ pathname: '/interface', recoverableOrganizationId: org })).toEqual({ type: 'redirect', to: `/interface/${org}/quick-session?recover=true` });
    });
    it('lets the user go on when none is in progress', () => {
      expect(decide({ recoverableOrganizationId: null })).toEqual({ type: 'proceed' });
    });
    it('does not look on the quick session page itself, in the backoffice, for visitors or with sessions off', () => {
      const quick = { pathname: `/interface/${org}/quick-session`, params: { organizationId: org }, handle: { quickSession: true, sessions: true, public: true } };
      expect(decide({ ...quick, recoverableOrganizationId: undefined })).toEqual({ type: 'proceed' });
      expect(decide({ ...quick, recoverableOrganizationId: org })).toEqual({ type: 'proceed' });
      expect(decide({ pathname: '/backoffice/users', handle: { backoffice: true }, recoverableOrganizationId: undefined })).toEqual({ type: 'proceed' });
      expect(decide({ authenticated: false, pathname: '/login', handle: { public: true, auth: true }, recoverableOrganizationId: undefined })).toEqual({ type: 'proceed' });
      expect(decide({ sessionsEnabled: false, recoverableOrganizationId: undefined })).toEqual({ type: 'proceed' });
    });
    it('comes after next: a wanted path is followed first', () => {
      expect(decide({ pathname: '/login', search: '?next=%2Finterface%2Ffavorites', handle: { public: true, auth: true }, recoverableOrganizationId: undefined })).toEqual({
        type: 'redirect',
        to: '/interface/favorites',
      });
    });
  });

  describe('rule 6: signed-in user on root or sign-in screens', () => {
    it.each(['/', '/interface', '/interface/'])('sends %s to explore', (pathname) => {
      expect(decide({ pathname })).toEqual({ type: 'redirect', to: '/interface/explore' });
    });
    it('sends sign-in screens to explore', () => {
      expect(decide({ pathname: '/create-account', handle: { public: true, auth: true } })).toEqual({ type: 'redirect', to: '/interface/explore' });
    });
    it('keeps a signed-in user on a public page that is not a sign-in screen', () => {
      expect(decide({ pathname: '/interface/404', handle: { public: true } })).toEqual({ type: 'proceed' });
    });
  });

  describe('rule 7: conversation rights', () => {
    const c1 = '0f6c2a9e-7b1d-4d3e-8a55-2c9b1e4f7a10';
    const conversation = { pathname: `/interface/conversations/${c1}`, params: { conversationId: c1 }, handle: { conversationDetail: true } };
    it('asks for the rights when they are not known', () => {
      expect(decide(conversation)).toEqual({ type: 'checkConversationRight', conversationId: c1 });
    });
    it('sends to not-found without rights', () => {
      expect(decide({ ...conversation, conversationRight: 0 })).toEqual({ type: 'redirect', to: '/interface/404' });
    });
    it('opens the page with rights above 0', () => {
      expect(decide({ ...conversation, conversationRight: 1 })).toEqual({ type: 'proceed' });
    });
    it('is not consulted for a visitor, who signs in first', () => {
      expect(decide({ ...conversation, authenticated: false })).toEqual({
        type: 'redirect',
        to: `/login?next=%2Finterface%2Fconversations%2F${c1}`,
      });
    });
  });
});

describe('safeNext', () => {
  it('keeps same-site paths only', () => {
    expect(safeNext('/interface/shared?x=1')).toBe('/interface/shared?x=1');
    expect(safeNext('https://evil.example')).toBeNull();
    expect(safeNext('//evil.example')).toBeNull();
    expect(safeNext('/\\evil.example')).toBeNull();
    expect(safeNext(null)).toBeNull();
  });
});

describe('guardRunsAgain', () => {
  const at = (address: string) => new URL(address, 'http://palabre.test');
  const publish = '/interface/conversations/0b7e4a1c-5a4e-4c6f-9a59-3c2d7c1e8f10/publish';

  it('runs on another page, and on the same address asked again', () => {
    expect(guardRunsAgain(at('/interface/explore'), at('/interface/favorites'))).toBe(true);
    expect(guardRunsAgain(at(`${publish}?tab=summary`), at(`${publish}?tab=summary`))).toBe(true);
  });
  it("does not run when only the page's own query changes, so a tab opens at once", () => {
    expect(guardRunsAgain(at(`${publish}?tab=summary`), at(`${publish}?tab=cra`))).toBe(false);
    expect(guardRunsAgain(at(`${publish}/`), at(`${publish}?tab=cra`))).toBe(false);
    expect(guardRunsAgain(at('/interface/explore?page=2'), at('/interface/explore?page=3&sort=name'))).toBe(false);
  });
  it('runs when the query changes a parameter the rules read', () => {
    expect(guardRunsAgain(at('/interface/explore'), at('/interface/explore?next=%2Finterface%2Fshared'))).toBe(true);
    expect(guardRunsAgain(at('/magiclink-auth/abc'), at('/magiclink-auth/abc?conversationId=c1'))).toBe(true);
  });
});
