import type { Report } from '@palabre/shared';
import { describe, expect, it } from 'vitest';
import { announcedPercent, defaultProfileChoice, EXTRACTIVE, mayGenerate, patchFromNotice, progressPercent, reportPhase } from './state.ts';

const report = (patch: Partial<Report> = {}): Report => ({
  _id: 'r1',
  conversationId: 'c1',
  kind: 'summary',
  state: 'up_to_date',
  progress: null,
  method: 'extractive',
  profileName: null,
  language: 'en',
  error: null,
  markdown: '# Summary',
  versionId: 'v1',
  generatedAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  ...patch,
});

describe('reportPhase', () => {
  it('tells a report never generated, on its way, up to date, outdated and failed apart', () => {
    expect(reportPhase(null)).toBe('none');
    expect(reportPhase(undefined)).toBe('none');
    expect(reportPhase(report({ state: 'queued', markdown: null }))).toBe('running');
    expect(reportPhase(report({ state: 'generating', progress: 0.3 }))).toBe('running');
    expect(reportPhase(report())).toBe('ready');
    expect(reportPhase(report({ state: 'outdated' }))).toBe('outdated');
    expect(reportPhase(report({ state: 'error', error: { code: 'model_unavailable' } }))).toBe('error');
  });

  it('lets a generation be asked for again except while one is queued or running', () => {
    expect(mayGenerate(null)).toBe(true);
    expect(mayGenerate(report({ state: 'error' }))).toBe(true);
    expect(mayGenerate(report({ state: 'outdated' }))).toBe(true);
    expect(mayGenerate(report({ state: 'queued' }))).toBe(false);
    expect(mayGenerate(report({ state: 'generating' }))).toBe(false);
  });
});

describe('patchFromNotice', () => {
  it('takes the state and progress of a notice while generating', () => {
    const queued = report({ state: 'queued', progress: null });
    expect(patchFromNotice(queued, { reportState: 'generating', progress: 0.25 })).toMatchObject({ state: 'generating', progress: 0.25 });
  });

  it('keeps the last progress when a tick has none, and drops it once the generation ends', () => {
    const running = report({ state: 'generating', progress: 0.5 });
    expect(patchFromNotice(running, {}).progress).toBe(0.5);
    expect(patchFromNotice(running, { reportState: 'up_to_date' })).toMatchObject({ state: 'up_to_date', progress: null });
    expect(patchFromNotice(running, { reportState: 'error', progress: 0.6 })).toMatchObject({ state: 'error', progress: null });
  });

  it('answers the same object when nothing changes, so nothing renders again', () => {
    const running = report({ state: 'generating', progress: 0.5 });
    expect(patchFromNotice(running, { reportState: 'generating', progress: 0.5 })).toBe(running);
  });
});

describe('progress', () => {
  it('shows whole percents within bounds, none while queued', () => {
    expect(progressPercent(null)).toBeNull();
    expect(progressPercent(undefined)).toBeNull();
    expect(progressPercent(0.333)).toBe(33);
    expect(progressPercent(1.2)).toBe(100);
    expect(progressPercent(-1)).toBe(0);
  });

  it('announces only every tenth', () => {
    expect(announcedPercent(0.07)).toBe(0);
    expect(announcedPercent(0.34)).toBe(30);
    expect(announcedPercent(0.999)).toBe(100);
    expect(announcedPercent(null)).toBeNull();
  });
});

describe('defaultProfileChoice', () => {
  it('chooses the profile the server would use: the organization default before the global one, else the extractive methods', () => {
    expect(defaultProfileChoice([])).toBe(EXTRACTIVE);
    expect(defaultProfileChoice([{ _id: 'a', scope: 'global', isDefault: false }])).toBe(EXTRACTIVE);
    expect(
      defaultProfileChoice([
        { _id: 'g', scope: 'global', isDefault: true },
        { _id: 'o', scope: 'organization', isDefault: true },
      ]),
    ).toBe('o');
    expect(defaultProfileChoice([{ _id: 'g', scope: 'global', isDefault: true }])).toBe('g');
  });
});
