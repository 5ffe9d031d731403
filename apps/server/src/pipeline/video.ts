/**
 * The `media.video` job: the ≤720p H.264/AAC rendition of a video browsers do not play as it is.
 * Preprocessing only asks for it (`files.videoRendition`), so the transcript never waits for it;
 * the video serves the player and burned-in exports (docs/burn.md).
 *
 * The result is recorded only while the request it answers stands: one update, conditional on the
 * request's id, that merges `video` into `files` and drops the request without touching the other
 * fields. A media deleted meanwhile, or preprocessed again (a retry writes another request), keeps
 * nothing of it: the file is deleted. A failure is retried by the job's policy; after the last
 * attempt the request is dropped and the media has no video (its transcript is not concerned).
 */
import { makeVideoRendition, probeMedia } from '@palabre/engines';
import type { AppContext } from '../context.ts';
import { emit } from '../conversations/effects.ts';
import type { VideoRenditionRequest } from '../db/schema.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { deleteKeys, mediaKeys, putFile, VIDEO_MIME_TYPE, workFolder } from './files.ts';
import { outputBounds, VIDEO_BYTES_PER_SECOND } from './limits.ts';
import { pipelineRepo } from './repo.ts';
import { loadConversation, type ConversationRow } from './state.ts';

type Outcome = 'recorded' | 'superseded' | 'failed';

/**
 * A media preprocessed again while its former rendition was being made asks for another; the job
 * of the new request was absorbed by this one (one job per media), which therefore makes it too.
 */
const MAX_REQUESTS_PER_DELIVERY = 3;

export async function makeVideo(ctx: AppContext, { conversationId }: { conversationId: string }, delivery: JobDelivery): Promise<void> {
  for (let n = 0; n < MAX_REQUESTS_PER_DELIVERY; n++) {
    const row = await loadConversation(ctx, conversationId);
    const request = row?.files.videoRendition;
    if (!row || !request) {
      if (n === 0) ctx.log.info({ conversationId, job: delivery.id }, row ? 'video rendition skipped: none asked for' : 'video rendition skipped: media deleted');
      return;
    }
    if ((await answer(ctx, row, request, delivery)) !== 'superseded') return;
  }
}

/** Makes, stores and records the rendition one request asks for. */
async function answer(ctx: AppContext, row: ConversationRow, request: VideoRenditionRequest, delivery: JobDelivery): Promise<Outcome> {
  const key = mediaKeys.video(row.id);
  const work = await workFolder(ctx, row.id);
  try {
    const original = row.files.originals[0];
    if (!original) throw new Error('the media has no original');
    const file = work.file('video.mp4');
    const made = await ctx.storage.withLocalFile(original.key, async (input) => {
      await makeVideoRendition(input, file, {
        signal: delivery.signal,
        // The transcriptions running meanwhile come first.
        background: true,
        videoStreamIndex: request.videoStreamIndex,
        audioStreamIndex: request.audioStreamIndex,
        durationSeconds: request.durationSeconds,
        ...outputBounds(request.allowedSeconds, VIDEO_BYTES_PER_SECOND),
      });
      return (await probeMedia(file, { signal: delivery.signal })).video;
    });
    if (!made) throw new Error('the rendition has no video track');
    await putFile(ctx, key, file);
    const recorded = await pipelineRepo.recordVideo(ctx, row.id, request.id, { key, mimeType: VIDEO_MIME_TYPE, width: made.width, height: made.height });
    if (!recorded) {
      await deleteKeys(ctx, [key]);
      ctx.log.info({ conversationId: row.id }, 'video rendition dropped: the media was deleted or preprocessed again');
      return 'superseded';
    }
    emit(ctx, row.organizationId, { conversationId: row.id, kind: 'updated' });
    return 'recorded';
  } catch (error) {
    // The process is stopping: the job is delivered again later.
    if (delivery.signal.aborted) throw error;
    if (delivery.retryCount < delivery.retryLimit) {
      ctx.log.warn({ err: error, conversationId: row.id, attempt: delivery.retryCount + 1 }, 'video rendition failed, will be retried');
      throw error;
    }
    ctx.log.error({ err: error, conversationId: row.id }, 'video rendition failed: the media has no video');
    if (await pipelineRepo.dropVideoRequest(ctx, row.id, request.id)) await deleteKeys(ctx, [key]);
    return 'failed';
  } finally {
    await work.dispose();
  }
}
