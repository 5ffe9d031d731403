import { describe, expect, it } from 'vitest';
import { isQuickSessionPath, mediaPageOf, paths } from './paths.ts';

const id = '3ad1b878-dc87-43da-bbe2-0a4e108bae0c';
const organizationId = '13e0e86f-9cb0-4758-98c1-b273ea02028d';

describe("a media's page, read before the router", () => {
  it('names the media and which of its pages', () => {
    expect(mediaPageOf(paths.conversation(id))).toEqual({ conversationId: id, page: '' });
    expect(mediaPageOf(`${paths.conversationPublish(id)}/`)).toEqual({ conversationId: id, page: 'publish' });
    expect(mediaPageOf(paths.conversationSubtitle(id, organizationId))).toEqual({ conversationId: id, page: `subtitles/${organizationId}` });
  });

  it('names nothing elsewhere', () => {
    for (const pathname of [paths.conversationCreate, paths.conversation('not-an-id'), `/backoffice/conversations/${id}`, paths.explore, '/', '']) {
      expect(mediaPageOf(pathname), pathname).toBeNull();
    }
  });
});

describe('the quick session page, read before the router', () => {
  it('is an organization’s quick session, with or without a trailing slash', () => {
    expect(isQuickSessionPath(paths.quickSession(organizationId))).toBe(true);
    expect(isQuickSessionPath(`${paths.quickSession(organizationId)}/`)).toBe(true);
  });

  it('is no other page', () => {
    for (const pathname of [paths.quickSession('x'), `${paths.quickSession(organizationId)}/more`, paths.session(organizationId, id), paths.explore, '/']) {
      expect(isQuickSessionPath(pathname), pathname).toBe(false);
    }
  });
});
