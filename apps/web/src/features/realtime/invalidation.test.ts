/** Media notices make stale exactly the queries the screens use, built with the owning features' key factories. */
import type { ConversationUpdate, MediaStatus } from '@palabre/shared';
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { burnKeys } from '../burn/api.ts';
import { conversationKeys } from '../conversations/api.ts';
import { exploreKeys, type ConversationPage, type ListParams, type ListSource } from '../explore/api.ts';
import { keywordKeys } from '../keywords/api.ts';
import { reportKeys } from '../reports/api.ts';
import { invalidateAfterUpdate, invalidateAfterWatch } from './invalidation.ts';

const mediaId = '6f1c0d1e-3b2a-4c5d-8e9f-0a1b2c3d4e5f';
const otherId = '0d9e8f7a-6b5c-4d3e-9f1a-2b3c4d5e6f70';
const params: ListParams = { page: 0, size: 10, sortField: 'last_update', sortCriteria: -1, text: '', tags: [], noTags: false, keywords: [] };
const sources: ListSource[] = [{ kind: 'organization', organizationId: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d' }, { kind: 'favorites' }, { kind: 'shared' }];

/** A cache holding what the library and the overview load: every list, the media, its peaks and tags, another media. */
function seeded(shownStatus: MediaStatus) {
  const client = new QueryClient();
  const page: ConversationPage = { count: 1, countExact: true, list: [{ _id: mediaId, status: shownStatus } as ConversationPage['list'][number]] };
  const lists = sources.map((source) => exploreKeys.list(source, params));
  for (const key of lists) client.setQueryData(key, page);
  const detail = conversationKeys.detail(mediaId);
  const below: QueryKey[] = [
    [...detail, 'peaks'],
    [...detail, 'tags', ''],
  ];
  for (const key of [detail, ...below]) client.setQueryData(key, {});
  const other = conversationKeys.detail(otherId);
  client.setQueryData(other, {});
  const stale = (key: QueryKey) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, lists, detail, below, other, stale };
}

describe('invalidateAfterUpdate', () => {
  it.each(['created', 'updated', 'deleted'] as const)('makes the media and every list stale on "%s", and no other media', async (kind) => {
    const { client, lists, detail, below, other, stale } = seeded('done');
    await invalidateAfterUpdate(client, { conversationId: mediaId, kind });
    for (const key of [detail, ...below, ...lists]) expect(stale(key), JSON.stringify(key)).toBe(true);
    expect(stale(other)).toBe(false);
  });

  it('refreshes the lists on a progress tick only when one shows the media with another status', async () => {
    const tick: ConversationUpdate = { conversationId: mediaId, kind: 'progress', status: 'transcription', progress: 0.4 };
    const same = seeded('transcription');
    await invalidateAfterUpdate(same.client, tick);
    expect(same.stale(same.detail)).toBe(true);
    for (const key of same.lists) expect(same.stale(key)).toBe(false);

    const moved = seeded('preprocessing');
    await invalidateAfterUpdate(moved.client, tick);
    for (const key of moved.lists) expect(moved.stale(key)).toBe(true);

    const elsewhere = seeded('preprocessing');
    await invalidateAfterUpdate(elsewhere.client, { ...tick, conversationId: otherId });
    for (const key of elsewhere.lists) expect(elsewhere.stale(key)).toBe(false);
    expect(elsewhere.stale(elsewhere.other)).toBe(true);
  });

  it('refreshes only the version’s burn status on a burn notice, and not on running ticks', async () => {
    const subtitleId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    const { client, lists, detail, below, stale } = seeded('done');
    const status = burnKeys.status(mediaId, subtitleId);
    const otherVersion = burnKeys.status(mediaId, '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e');
    client.setQueryData(status, {});
    client.setQueryData(otherVersion, {});
    await invalidateAfterUpdate(client, { conversationId: mediaId, kind: 'burn', subtitleId, burnState: 'running', progress: 0.5 });
    expect(stale(status)).toBe(false);
    await invalidateAfterUpdate(client, { conversationId: mediaId, kind: 'burn', subtitleId, burnState: 'done', progress: 1 });
    expect(stale(status)).toBe(true);
    expect(stale(otherVersion)).toBe(false);
    for (const key of [detail, ...below, ...lists]) expect(stale(key), JSON.stringify(key)).toBe(false);
  });

  it('refreshes a report on its notices but not on its progress ticks, and reports and keywords when the stored transcript changed', async () => {
    const { client, lists, detail, below, stale } = seeded('done');
    const summary = reportKeys.one(mediaId, 'summary');
    const cra = reportKeys.one(mediaId, 'cra');
    const keywords = keywordKeys.of(mediaId);
    for (const key of [summary, cra, keywords]) client.setQueryData(key, {});
    await invalidateAfterUpdate(client, { conversationId: mediaId, kind: 'report', reportKind: 'summary', reportState: 'generating', progress: 0.3 });
    expect(stale(summary)).toBe(false);
    await invalidateAfterUpdate(client, { conversationId: mediaId, kind: 'report', reportKind: 'summary', reportState: 'up_to_date' });
    expect(stale(summary)).toBe(true);
    expect(stale(cra)).toBe(false);
    for (const key of [detail, ...below, ...lists]) expect(stale(key), JSON.stringify(key)).toBe(false);
    await invalidateAfterUpdate(client, { conversationId: mediaId, kind: 'transcript' });
    for (const key of [cra, keywords]) expect(stale(key), JSON.stringify(key)).toBe(true);
    for (const key of lists) expect(stale(key), JSON.stringify(key)).toBe(false);
  });
});

describe('invalidateAfterWatch', () => {
  it('makes stale every media query a missed notice could have refreshed, and nothing else', async () => {
    const { client, lists, detail, below, other, stale } = seeded('done');
    const report = reportKeys.one(mediaId, 'summary');
    const keywords = keywordKeys.of(mediaId);
    const profiles = ['organizations', 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', 'ai_profiles'];
    for (const key of [report, keywords, profiles]) client.setQueryData(key, {});
    await invalidateAfterWatch(client);
    for (const key of [detail, ...below, other, report, keywords, ...lists]) expect(stale(key), JSON.stringify(key)).toBe(true);
    expect(stale(profiles)).toBe(false);
  });
});
