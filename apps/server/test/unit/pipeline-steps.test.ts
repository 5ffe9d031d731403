/** The processing statuses, the job of each step, and crash recovery covering every status still processing and pending video renditions. */
import { createRequire } from 'node:module';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ACTIVE_MEDIA_STATUSES, FINAL_MEDIA_STATUSES, isActiveMediaStatus, JOBS, MEDIA_STATUSES, PIPELINE_STEPS, type ActiveMediaStatus } from '@palabre/shared';
import { loadConfig } from '../../src/config.ts';
import type { AppContext } from '../../src/context.ts';
import { jobDefinitions } from '../../src/job-definitions.ts';
import { queueOptions } from '../../src/jobs/boss.ts';
import { expiryOf, MAX_JOB_EXPIRY_SECONDS } from '../../src/jobs/registry.ts';
import { pipelineJobs, resumeStuckConversations } from '../../src/pipeline/index.ts';
import { jobOfStatus, STEP_JOBS, stepOfStatus } from '../../src/pipeline/state.ts';

/** pg-boss's own check of a queue's or a send's options (the one its `send` and `createQueue` run). */
const { validateQueueArgs } = createRequire(import.meta.url)('pg-boss/src/attorney.js') as { validateQueueArgs: (options: { expireInSeconds?: number }) => void };

/**
 * A context whose database answers the recovery query with the given media, and which records what
 * is enqueued (a send for a media listed in `refused` throws, as a send the queue refuses does).
 */
function recoveryContext(media: Array<{ id: string; status: string; files: object }>, refused: string[] = []) {
  const sent: Array<{ name: string; payload: unknown }> = [];
  const logged: string[] = [];
  const queried: unknown[][] = [];
  const db = {
    select: () => ({
      from: () => ({
        where: async (condition: SQL) => {
          queried.push(new PgDialect().sqlToQuery(condition).params);
          return media;
        },
      }),
    }),
  };
  const ctx = {
    db,
    jobs: {
      send: async (name: string, payload: { conversationId: string }) => {
        if (refused.includes(payload.conversationId)) throw new Error('configuration assert: expiration cannot exceed 24 hours');
        sent.push({ name, payload });
      },
    },
    log: { info: () => undefined, error: (_details: object, message: string) => void logged.push(message) },
  } as unknown as AppContext;
  return { ctx, sent, queried, logged };
}

const withOriginal = { originals: [{ key: 'media/original-0' }] };

describe('processing statuses', () => {
  it('are the statuses still processing, then the final ones, each once', () => {
    expect([...MEDIA_STATUSES]).toEqual([...ACTIVE_MEDIA_STATUSES, ...FINAL_MEDIA_STATUSES]);
    expect(new Set(MEDIA_STATUSES).size).toBe(MEDIA_STATUSES.length);
    expect(ACTIVE_MEDIA_STATUSES.filter((s) => !(PIPELINE_STEPS as readonly string[]).includes(s))).toEqual(['pending']);
  });

  it('tell a media still processing from one whose processing has ended', () => {
    expect(MEDIA_STATUSES.filter(isActiveMediaStatus)).toEqual([...ACTIVE_MEDIA_STATUSES]);
    expect(isActiveMediaStatus('done')).toBe(false);
    expect(isActiveMediaStatus('error')).toBe(false);
    expect(FINAL_MEDIA_STATUSES.map(stepOfStatus)).toEqual([null, null]);
  });
});

describe('step jobs', () => {
  it('give every step its own job, which has a handler', () => {
    const jobs = PIPELINE_STEPS.map((step) => STEP_JOBS[step]);
    expect(new Set(jobs).size).toBe(PIPELINE_STEPS.length);
    const handled = new Set(pipelineJobs.map((definition) => definition.name));
    for (const job of jobs) {
      expect(Object.keys(JOBS)).toContain(job);
      expect(handled.has(job)).toBe(true);
    }
  });

  it('are deduplicated per media, on the media-step workers, with an expiry that grows with the media', () => {
    const stepJobs = new Set<string>(Object.values(STEP_JOBS));
    for (const definition of pipelineJobs.filter((d) => stepJobs.has(d.name))) {
      expect(definition.singletonKey?.({ conversationId: 'media-1' }), definition.name).toBe('media-1');
      expect(queueOptions(definition).policy).toBe('exclusive');
      expect(definition.concurrency).toBe('mediaSteps');
      expect(definition.retry.limit).toBe(2);
      expect(expiryOf(definition, { durationSeconds: 6 * 3600 })).toBeGreaterThan(expiryOf(definition, { durationSeconds: 60 }));
    }
    const transcription = pipelineJobs.find((d) => d.name === STEP_JOBS.transcription)!;
    // 12 s per second of audio plus 15 minutes, never under 30 minutes; one hour when not measured yet.
    expect(expiryOf(transcription, { durationSeconds: 60 })).toBe(30 * 60);
    expect(expiryOf(transcription, { durationSeconds: 3600 })).toBe(12 * 3600 + 15 * 60);
    expect(expiryOf(transcription, { durationSeconds: null })).toBe(12 * 3600 + 15 * 60);
    const video = pipelineJobs.find((d) => d.name === 'media.video')!;
    // Beside the steps, on its own single worker; one per media; four times the duration, at least 15 minutes.
    expect(video.concurrency).toBe('videoRenditions');
    expect(video.singletonKey?.({ conversationId: 'media-1' })).toBe('media-1');
    expect(queueOptions(video).policy).toBe('exclusive');
    expect(video.retry.limit).toBe(2);
    expect(expiryOf(video, { durationSeconds: 60 })).toBe(15 * 60);
    expect(expiryOf(video, { durationSeconds: 3600 })).toBe(4 * 3600);
    const imports = pipelineJobs.find((d) => d.name === 'media.import-url')!;
    expect(imports.concurrency).toBe('urlImports');
    expect(imports.singletonKey?.({ conversationId: 'media-1', url: 'https://example.org/a.mp3' })).toBe('media-1');
  });

  it('give every job an expiry the queue accepts, up to the longest media allowed', () => {
    const longest = loadConfig({}).maxMediaDurationSeconds;
    expect(longest).toBe(6 * 3600);
    const configurable = 7 * 24 * 3600; // the highest MAX_MEDIA_DURATION_SECONDS accepted
    for (const definition of jobDefinitions) {
      for (const durationSeconds of [null, 0, 60, 7140, longest, configurable]) {
        const expiry = expiryOf(definition, { durationSeconds });
        expect(expiry, `${definition.name} at ${durationSeconds} s`).toBeLessThanOrEqual(MAX_JOB_EXPIRY_SECONDS);
        expect(() => validateQueueArgs({ expireInSeconds: expiry }), `${definition.name} at ${durationSeconds} s`).not.toThrow();
      }
    }
    // The cap is pg-boss's own limit, not a smaller one.
    expect(() => validateQueueArgs({ expireInSeconds: MAX_JOB_EXPIRY_SECONDS })).not.toThrow();
    expect(() => validateQueueArgs({ expireInSeconds: MAX_JOB_EXPIRY_SECONDS + 1 })).toThrow(/24 hours/);
    // The long steps of the longest media get the whole cap.
    const byName = (name: string) => jobDefinitions.find((d) => d.name === name)!;
    for (const name of [STEP_JOBS.transcription, 'media.video', 'subtitles.burn']) {
      expect(expiryOf(byName(name), { durationSeconds: longest }), name).toBe(MAX_JOB_EXPIRY_SECONDS);
      expect(queueOptions(byName(name)).defaults.expireInSeconds, name).toBeLessThanOrEqual(MAX_JOB_EXPIRY_SECONDS);
    }
  });

  it('give every status still processing the job of its step (pending waits for the first step)', () => {
    expect(jobOfStatus('pending')).toBe(STEP_JOBS[PIPELINE_STEPS[0]]);
    for (const step of PIPELINE_STEPS) expect(jobOfStatus(step)).toBe(STEP_JOBS[step]);
  });
});

describe('resumeStuckConversations', () => {
  it('looks for media in every status still processing (and those whose video rendition is asked for)', async () => {
    const { ctx, queried } = recoveryContext([]);
    await resumeStuckConversations(ctx);
    expect(queried).toHaveLength(1);
    expect([...queried[0]!].sort()).toEqual([...ACTIVE_MEDIA_STATUSES].sort());
  });

  it('sends the video rendition again while it is asked for, whatever the status', async () => {
    const videoRendition = { id: 'request-1', videoStreamIndex: 0, audioStreamIndex: 1, durationSeconds: 10, allowedSeconds: 11 };
    const { ctx, sent } = recoveryContext([
      { id: 'media-done', status: 'done', files: { ...withOriginal, videoRendition } },
      { id: 'media-transcribing', status: 'transcription', files: { ...withOriginal, videoRendition } },
      { id: 'media-plain', status: 'done', files: withOriginal },
    ]);
    await resumeStuckConversations(ctx);
    expect(sent).toEqual([
      { name: 'media.video', payload: { conversationId: 'media-done' } },
      { name: 'media.video', payload: { conversationId: 'media-transcribing' } },
      { name: STEP_JOBS.transcription, payload: { conversationId: 'media-transcribing' } },
    ]);
  });

  it('enqueues a recovery job for a media stuck in any status still processing', async () => {
    const media = ACTIVE_MEDIA_STATUSES.map((status, i) => ({ id: `media-${i}`, status, files: withOriginal }));
    const { ctx, sent } = recoveryContext(media);
    expect(await resumeStuckConversations(ctx)).toBe(ACTIVE_MEDIA_STATUSES.length);
    expect(sent).toEqual(media.map((m) => ({ name: jobOfStatus(m.status as ActiveMediaStatus), payload: { conversationId: m.id } })));
    for (const { name } of sent) expect(Object.keys(JOBS)).toContain(name);
  });

  it('resumes the other media when the job of one cannot be sent', async () => {
    const media = ['media-a', 'media-long', 'media-b'].map((id) => ({ id, status: 'transcription', files: withOriginal }));
    const { ctx, sent, logged } = recoveryContext(media, ['media-long']);
    expect(await resumeStuckConversations(ctx)).toBe(3);
    expect(sent.map((s) => s.payload)).toEqual([{ conversationId: 'media-a' }, { conversationId: 'media-b' }]);
    expect(logged).toEqual(['media processing not resumed']);
  });

  it('downloads again a URL import that had not finished', async () => {
    const { ctx, sent } = recoveryContext([{ id: 'media-url', status: 'pending', files: { originals: [], sourceUrl: 'https://example.org/a.mp3' } }]);
    await resumeStuckConversations(ctx);
    expect(sent).toEqual([{ name: 'media.import-url', payload: { conversationId: 'media-url', url: 'https://example.org/a.mp3' } }]);
  });
});
