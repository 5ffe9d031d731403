/**
 * The caps on listening channels (docs/SECURITY.md, "Live sessions"): each channel of a started
 * session holds an RTMP and an SRT port and waits with an ffmpeg process per protocol, and the port
 * ranges are the whole server's. One organization, and the sessions one user owns, may hold only so
 * many channels at once, so that no account starves the others of ports (and of memory).
 */
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { sessionsRepo, type SessionRow } from './repo.ts';

/** Refuses (`live_channel_limit_reached`) a start that would take the organization or the owner past their cap. */
export async function checkListeningRoom(ctx: AppContext, row: Pick<SessionRow, 'id' | 'organizationId' | 'ownerId' | 'kind'>): Promise<void> {
  const { rtmpPorts, srtPorts, maxChannelsPerOrganization, maxChannelsPerUser } = ctx.config.liveIngest;
  // Quick meetings take audio from the ingest WebSocket only; with both protocols off nothing listens.
  if (row.kind !== 'session' || (!rtmpPorts && !srtPorts)) return;
  const adding = (await sessionsRepo.channels(ctx.db, [row.id])).length;
  const held = await sessionsRepo.listeningChannels(ctx.db, row.organizationId, row.ownerId);
  if (maxChannelsPerOrganization > 0 && held.organization + adding > maxChannelsPerOrganization) {
    throw new AppError(
      'live_channel_limit_reached',
      `This organization's started sessions already hold ${held.organization} of the ${maxChannelsPerOrganization} channels it may hold at once: stop a session first`,
    );
  }
  if (maxChannelsPerUser > 0 && row.ownerId !== null && held.owner + adding > maxChannelsPerUser) {
    throw new AppError(
      'live_channel_limit_reached',
      `The owner's started sessions already hold ${held.owner} of the ${maxChannelsPerUser} channels one user's sessions may hold at once: stop a session first`,
    );
  }
}
