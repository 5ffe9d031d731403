/**
 * Quick meetings (docs/meetings.md): a private session with one channel, created already started by
 * its owner, found again while in progress, and ended by saving it to the library or discarding it.
 * Everything else — the ingest, the engine, captions, saving — is the live sessions' own.
 */
import { SESSION_SETTINGS_DEFAULTS, profileLanguages, type EndQuickMeetingQuery, type QuickMeeting, type QuickMeetingBody, type QuickMeetingSource } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { Actor } from '../http/auth.ts';
import { AppError, notFound } from '../http/errors.ts';
import { apiKeys, policyUser } from '../policy.ts';
import { channelTimeSoFar } from '../live/channel-time.ts';
import { removeRecordings } from '../live/save-recordings.ts';
import { creatorIn, memberOf, sessionFor } from '../sessions/access.ts';
import { newStreamKey } from '../sessions/channels.ts';
import { sessionNotice } from '../sessions/notices.ts';
import { presentQuickMeeting } from '../sessions/presenter.ts';
import { sessionsRepo, type SessionRow } from '../sessions/repo.ts';
import { presentOne, stopAndSave } from '../sessions/service.ts';
import { startedAtCreation, stop } from '../sessions/status.ts';
import { profileForOrganization } from '../transcriber-profiles/service.ts';
import { meetingsRepo } from './repo.ts';
import { dispatchWebhooks } from '../webhooks/dispatch.ts';
import { sessionData } from '../webhooks/events.ts';

const invalid = (field: string, key: string, message: string) => new AppError('validation_failed', message, { [field]: key });

/** The words of a meeting's default names, in the owner's language (English when unknown). */
const WORDS = {
  en: { meeting: 'Quick meeting', microphone: 'Microphone', videoconference: 'Videoconference' },
  fr: { meeting: 'Réunion rapide', microphone: 'Microphone', videoconference: 'Visioconférence' },
} as const;

const wordsOf = (locale: string | null) => (locale?.startsWith('fr') ? WORDS.fr : WORDS.en);

/** "Quick meeting – November 26, 2026" (the date in UTC: the server does not know the owner's time zone). */
export function defaultMeetingName(locale: string | null, at: Date): string {
  const date = new Intl.DateTimeFormat(locale ?? 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
  return `${wordsOf(locale).meeting} – ${date}`;
}

/**
 * Whether a meeting in progress is abandoned: it never received audio (still pending) for
 * `abandonMs` since its start. Nothing of it is worth keeping: the owner's next meeting replaces it.
 */
export function isAbandoned(row: Pick<SessionRow, 'status' | 'startTime' | 'createdAt'>, now: Date, abandonMs: number): boolean {
  return row.status === 'pending' && (row.startTime ?? row.createdAt).getTime() + abandonMs <= now.getTime();
}

/** A meeting as its owner reads it, with how much audio its channel has received (a continued meeting's clock goes on from it). */
async function present(ctx: AppContext, row: SessionRow, actor: Actor): Promise<QuickMeeting> {
  // A read-only key is not given the stream keys that would let it send audio (`sessionAccess`).
  const session = await presentOne(ctx, row, apiKeys.writeOwn(policyUser(actor)) ? 'operate' : 'read');
  const channel = session.channels[0];
  const received = channel ? await channelTimeSoFar(ctx, row, { id: channel._id, position: channel.index }) : 0;
  return presentQuickMeeting(session, row, received);
}

/** A meeting's rows are gone, its streams ended: its recordings are removed and its owner's screens told. */
async function forgotten(ctx: AppContext, row: SessionRow): Promise<void> {
  await removeRecordings(ctx, row.id);
  sessionNotice(ctx, row, 'deleted');
}

/** POST …/quickMeeting/: created started (pending: waiting for audio), one in progress per user and organization. */
export async function createQuickMeeting(ctx: AppContext, actor: Actor, organizationId: string, body: QuickMeetingBody): Promise<QuickMeeting> {
  await creatorIn(ctx, actor, organizationId);
  const profile = await profileForOrganization(ctx, organizationId, body.transcriberProfileId);
  if (!profile?.quickMeeting) throw invalid('transcriberProfileId', 'error.profile_not_for_quick_meetings', 'This transcriber profile is not offered for quick meetings');
  const languages: readonly string[] = profileLanguages(profile);
  const language = body.language ?? languages[0];
  if (!language || !languages.includes(language)) throw invalid('language', 'error.language_not_in_profile', 'This transcriber profile does not transcribe this language');
  const source: QuickMeetingSource = body.source;
  const words = wordsOf(actor.user.locale);
  const now = new Date();
  const { row, abandoned } = await ctx.db.transaction(async (tx) => {
    await meetingsRepo.lockCreation(tx, actor.user.id, organizationId);
    const current = await meetingsRepo.inProgress(tx, actor.user.id, organizationId);
    if (current && !isAbandoned(current, now, ctx.config.quickMeetingAbandonMs)) {
      throw new AppError('quick_meeting_in_progress', 'A quick meeting of yours is already in progress in this organization: save, discard or continue it first');
    }
    if (current) await sessionsRepo.delete(tx, current.id);
    const inserted = await sessionsRepo.insert(
      tx,
      {
        ...startedAtCreation(now),
        kind: 'quickMeeting',
        source,
        organizationId,
        ownerId: actor.user.id,
        name: body.name ?? defaultMeetingName(actor.user.locale, now),
        visibility: 'private',
        anonymousAccess: false,
        diarization: profile.diarization,
        liveTranscription: body.liveTranscription,
        offlineTranscription: body.offlineTranscription,
        // The recording is what offline transcription transcribes: kept whatever was sent.
        keepAudio: body.offlineTranscription || body.keepAudio,
        autoStart: false,
        autoEnd: false,
        metadata: [],
        watermark: SESSION_SETTINGS_DEFAULTS.watermark,
      },
      [{ name: words[source], transcriberProfileId: profile.id, languages: [language], translations: [], diarization: profile.diarization, streamKey: newStreamKey() }],
    );
    return { row: inserted, abandoned: current };
  });
  if (abandoned) {
    ctx.log.info({ sessionId: abandoned.id, replacedBy: row.id }, 'abandoned quick meeting replaced');
    await ctx.live.endSession(abandoned.id);
    await forgotten(ctx, abandoned);
  }
  sessionNotice(ctx, row, 'created');
  // A quick meeting is created started.
  await dispatchWebhooks(ctx, row.organizationId, 'session.started', sessionData(ctx, row));
  return present(ctx, row, actor);
}

/** GET …/organizations/{id}/quickMeeting/: the caller's meeting in progress there. */
export async function currentQuickMeeting(ctx: AppContext, actor: Actor, organizationId: string): Promise<{ quickMeeting: QuickMeeting | null }> {
  await memberOf(ctx, actor, organizationId);
  const row = await meetingsRepo.inProgress(ctx.db, actor.user.id, organizationId);
  return { quickMeeting: row ? await present(ctx, row, actor) : null };
}

/** GET /users/self/quickMeeting/: the caller's most recent meeting in progress in an organization they belong to. */
export async function recoverableQuickMeeting(ctx: AppContext, actor: Actor): Promise<{ quickMeeting: QuickMeeting | null }> {
  const row = await meetingsRepo.recoverable(ctx.db, actor.user.id);
  return { quickMeeting: row ? await present(ctx, row, actor) : null };
}

/**
 * DELETE …/quickMeeting/{meetingId}: its owner ends it (refused with `session_streaming` while audio
 * is sent, unless forced). Saved: stopped and saved to the library under `name`, as a session
 * stopped with `remove`, the media staying. Discarded (`trash`): nothing is kept.
 */
export async function endQuickMeeting(
  ctx: AppContext,
  actor: Actor,
  organizationId: string,
  meetingId: string,
  query: EndQuickMeetingQuery,
): Promise<{ savedConversationId: string | null }> {
  // Only its owner operates a quick meeting; to anyone else it does not exist.
  const { row } = await sessionFor(ctx, actor, meetingId, 'operate', organizationId);
  if (row.kind !== 'quickMeeting') throw notFound('Quick meeting');
  if (!query.trash) return { savedConversationId: await stopAndSave(ctx, row, { force: query.force, name: query.name, remove: true }) };
  const stopped = await stop(ctx, row, { force: query.force }, () => undefined);
  // The streams end first: their last finals are stored before the rows (captions with them) go.
  await ctx.live.endSession(stopped.id);
  await sessionsRepo.delete(ctx.db, stopped.id);
  await forgotten(ctx, stopped);
  return { savedConversationId: null };
}
