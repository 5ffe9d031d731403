/**
 * A channel's time so far (channel-run.ts): the seconds of audio it has received, across
 * reconnections, where its next stream goes on from. What a continued quick meeting's elapsed time
 * starts again from.
 */
import type { AppContext } from '../context.ts';
import type { SessionRow } from '../sessions/repo.ts';
import { records } from './channel-run.ts';
import { captionsRepo } from './repo.ts';
import { recordedBytes, recordedSeconds } from './save-recordings.ts';

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The most this process can tell: the channel's recording's length when its session records and the
 * recording is in this node's data folder, what this process's live service knows of the channel's
 * streams, and where its last final ends (silence after it not counted). Each falls short of the
 * channel time only when it does not know it, never goes past it: the largest is the answer.
 */
export async function channelTimeSoFar(
  ctx: Pick<AppContext, 'db' | 'config' | 'live'>,
  session: Pick<SessionRow, 'id' | 'keepAudio' | 'liveTranscription'>,
  channel: { id: string; position: number },
): Promise<number> {
  const recorded = records(session) ? recordedSeconds(await recordedBytes(ctx.config.dataDir, session.id, channel.position)) : 0;
  const streamed = ctx.live.channelTime(channel.id) ?? 0;
  const heard = await captionsRepo.lastEnd(ctx.db, session.id, channel.position);
  return round(Math.max(recorded, streamed, heard));
}
