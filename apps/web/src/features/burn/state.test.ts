/** The burn panel's state: socket notices applied to the status, and what the panel shows for each. */
import type { BurnStatus, ConversationUpdate } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { applyBurnUpdate, burnErrorKey, burnView, isUnderWay, NO_BURN } from './state.ts';

const mediaId = '6f1c0d1e-3b2a-4c5d-8e9f-0a1b2c3d4e5f';
const subtitleId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const notice = (update: Partial<ConversationUpdate>): ConversationUpdate => ({ conversationId: mediaId, kind: 'burn', subtitleId, ...update });
const done: BurnStatus = { state: 'done', progress: 1, finishedAt: '2026-11-26T10:00:00.000Z', error: null };

describe('applyBurnUpdate', () => {
  it('follows a burn from queued to done, progress never moving back', () => {
    let status: BurnStatus | undefined = NO_BURN;
    status = applyBurnUpdate(status, notice({ burnState: 'queued', progress: 0 }), subtitleId);
    expect(status).toEqual({ state: 'queued', progress: 0, finishedAt: null, error: null });
    status = applyBurnUpdate(status, notice({ burnState: 'running', progress: 0.4 }), subtitleId);
    expect(status).toMatchObject({ state: 'running', progress: 0.4 });
    status = applyBurnUpdate(status, notice({ burnState: 'running', progress: 0.3 }), subtitleId);
    expect(status).toMatchObject({ state: 'running', progress: 0.4 });
    status = applyBurnUpdate(status, notice({ burnState: 'done', progress: 1 }), subtitleId);
    expect(status).toEqual({ state: 'done', progress: 1, finishedAt: null, error: null });
  });

  it('starts a new run from zero after a finished one, and keeps what the server said of a failure', () => {
    expect(applyBurnUpdate(done, notice({ burnState: 'running', progress: 0.1 }), subtitleId)).toMatchObject({ state: 'running', progress: 0.1, finishedAt: null });
    const failed: BurnStatus = { state: 'failed', progress: null, finishedAt: null, error: 'burn_failed' };
    expect(applyBurnUpdate(failed, notice({ burnState: 'failed' }), subtitleId)).toEqual(failed);
    expect(applyBurnUpdate({ state: 'running', progress: 0.5, finishedAt: null, error: null }, notice({ burnState: 'failed' }), subtitleId)).toMatchObject({
      state: 'failed',
      error: null,
    });
  });

  it('ignores notices about other versions and other kinds', () => {
    expect(applyBurnUpdate(done, notice({ burnState: 'running', subtitleId: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e' }), subtitleId)).toBe(done);
    expect(applyBurnUpdate(done, { conversationId: mediaId, kind: 'progress', progress: 0.2 }, subtitleId)).toBe(done);
    expect(applyBurnUpdate(undefined, notice({}), subtitleId)).toBeUndefined();
  });
});

describe('burnView', () => {
  it('shows the start button, the bar, the download or the failure', () => {
    expect(burnView(undefined)).toEqual({ kind: 'idle' });
    expect(burnView(NO_BURN)).toEqual({ kind: 'idle' });
    expect(burnView({ state: 'queued', progress: 0, finishedAt: null, error: null })).toEqual({ kind: 'working', state: 'queued', percent: 0 });
    expect(burnView({ state: 'running', progress: 0.426, finishedAt: null, error: null })).toEqual({ kind: 'working', state: 'running', percent: 43 });
    expect(burnView(done)).toEqual({ kind: 'done', finishedAt: done.finishedAt });
    expect(burnView({ state: 'failed', progress: null, finishedAt: null, error: 'video_missing' })).toEqual({ kind: 'failed', errorKey: 'errors.video_missing' });
  });

  it('reads unknown failure codes as a general failure', () => {
    expect(burnErrorKey('burn_failed')).toBe('errors.burn_failed');
    expect(burnErrorKey('something_new')).toBe('errors.unknown');
    expect(burnErrorKey(null)).toBe('errors.unknown');
  });

  it('polls only while a burn is under way', () => {
    expect(isUnderWay({ state: 'queued', progress: 0, finishedAt: null, error: null })).toBe(true);
    expect(isUnderWay({ state: 'running', progress: 0.5, finishedAt: null, error: null })).toBe(true);
    expect(isUnderWay(done)).toBe(false);
    expect(isUnderWay(undefined)).toBe(false);
  });
});
