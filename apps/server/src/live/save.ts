/**
 * `session.save`: a stopped session becomes a media of its owner's library (docs/sessions-api.md,
 * "Saving to the library"). Sent once the session stopped and its last finals are stored.
 *
 * - Live transcription on: the finals are the transcript (one speaker per channel, a quick
 *   meeting's "Speaker 1", one turn per final); with keep audio on, the recordings become the media's audio through the pipeline's own
 *   normalisation (engine PCM, web rendition, peaks, duration) and the media is done at once.
 * - Live transcription off, or offline transcription asked (quick meetings): the recordings become a
 *   media sent through the pipeline with the channel's transcriber profile, as an upload is.
 * - One channel: one media. Several: a multi-track media (every channel, one speaker each, the
 *   tracks mixed) and one child media per channel, as the channel selector of the editor expects.
 * - Translations: one more child per channel and target language with translated finals, whose
 *   transcript is the translated finals (no audio of its own: media never share files).
 *
 * Idempotent and crash-safe: the media ids are derived from the session's, files are written under
 * them before the rows exist (a retry writes the same keys again), and the rows are inserted in the
 * transaction that sets `savedConversationId` only when it is still null. The recordings are
 * removed only once the media holds what it needs of them. Two saves of one session on one node take
 * turns (save-turns.ts); on two nodes, one that removes the media's folder empties it again when the
 * other's write lands in it meanwhile.
 */
import crypto from 'node:crypto';
import type { JobPayload, MediaLanguage } from '@palabre/shared';
import type { AppContext } from '../context.ts';
import type { MediaFiles } from '../db/schema.ts';
import { removeMediaFiles } from '../conversations/cleanup.ts';
import { emit, enqueue } from '../conversations/effects.ts';
import { conversationsRepo, type NewConversation } from '../conversations/repo.ts';
import { originalKey } from '../conversations/upload.ts';
import { defineJob, RETRY_TWICE, type JobDefinition, type JobDelivery } from '../jobs/registry.ts';
import { workFolder } from '../pipeline/files.ts';
import { numberedSpeaker } from '../pipeline/diarize.ts';
import { normaliseAudio } from '../pipeline/preprocess.ts';
import { isPermanent } from '../pipeline/step.ts';
import { sessionNotice } from '../sessions/notices.ts';
import { sessionsRepo, type ChannelRow, type SessionRow } from '../sessions/repo.ts';
import { withLocalFiles } from '../storage/storage.ts';
import { transcriptFingerprint } from '../subtitles/fingerprint.ts';
import { savingRepo } from './repo.ts';
import { inTurn } from './save-turns.ts';
import { recordedBytes, removeRecordings, storeRecording } from './save-recordings.ts';
import { lastEnd, transcriptFromFinals, translatedFinals, translationLanguages, type SavedFinal } from './save-transcript.ts';

/** A channel as saving sees it: what was heard on it and how much audio it recorded. */
export interface SavedChannel {
  index: number;
  name: string;
  language: string;
  transcriberProfileId: string | null;
  diarization: boolean;
  /** The target languages the channel was translated into, in their order. */
  translations: string[];
  finals: SavedFinal[];
  /** Bytes of recorded PCM (0 without a recording). */
  recording: number;
}

/** One media to make: the multi-track one (or the only one), or a channel's child. */
interface MediaPlan {
  id: string;
  parentId: string | null;
  name: string;
  channels: SavedChannel[];
  /** A translation's child: the target language its transcript is in (its one channel's finals translated). */
  translation: string | null;
}

export type SaveMode = 'transcript' | 'pipeline';

/** Another save of the session committed first: this one rolls its media back. */
class AlreadySaved extends Error {}

/** A part of a saved session: the main media, a channel's child, or the child of a channel's translation. */
export type SavedPart = 'main' | number | { channel: number; language: string };

/**
 * The media id a save gives a part of a session: the same on every attempt, so a retried save
 * never makes a second media. A name-based UUID (version 5 layout).
 */
export function savedMediaId(sessionId: string, part: SavedPart): string {
  const name = typeof part === 'object' ? `${part.channel}:${part.language}` : String(part);
  const hash = crypto.createHash('sha256').update(`session-save:${sessionId}:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type SaveFlags = Pick<SessionRow, 'keepAudio' | 'liveTranscription'> & Partial<Pick<SessionRow, 'offlineTranscription'>>;

/**
 * Where the saved media's transcript comes from: the finals, or the pipeline transcribing the
 * recordings — without live transcription, and for a quick meeting asking for offline transcription
 * (the recording transcribed again gives the better transcript; translated finals still make children).
 */
export const saveModeOf = (session: SaveFlags): SaveMode => (session.liveTranscription && !session.offlineTranscription ? 'transcript' : 'pipeline');

/**
 * The channels worth a media: saved from the finals, those with finals (or a kept recording);
 * through the pipeline, those with a recording to transcribe.
 */
export function channelsToSave(session: SaveFlags, channels: readonly SavedChannel[]): SavedChannel[] {
  if (saveModeOf(session) === 'pipeline') return channels.filter((c) => c.recording > 0);
  return channels.filter((c) => c.finals.length > 0 || (session.keepAudio && c.recording > 0));
}

/** A language's name in that language ("français"), its code when it has none. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language', fallback: 'code' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The media of a save: one, or the multi-track one and a child per channel; then a child per
 * channel and target language with translated finals.
 */
export function planMedia(sessionId: string, name: string, channels: SavedChannel[]): MediaPlan[] {
  const main: MediaPlan = { id: savedMediaId(sessionId, 'main'), parentId: null, name, channels, translation: null };
  const perChannel =
    channels.length < 2
      ? []
      : channels.map((channel) => ({ id: savedMediaId(sessionId, channel.index), parentId: main.id, name: channel.name, channels: [channel], translation: null }));
  const translations = channels.flatMap((channel) =>
    translationLanguages(channel.finals, channel.translations).map((language) => ({
      id: savedMediaId(sessionId, { channel: channel.index, language }),
      parentId: main.id,
      name: `${channel.name} (${languageName(language)})`,
      channels: [channel],
      translation: language,
    })),
  );
  return [main, ...perChannel, ...translations];
}

const mediaLanguage = (language: string): MediaLanguage => (language === 'en' || language === 'fr' ? language : 'auto');

/** The media's tracks: the channels, numbered from 0 in their order, named after them. */
const tracksOf = (plan: MediaPlan) => plan.channels.map((channel, index) => ({ index, name: channel.name }));

/**
 * Who speaks on a media made of finals: one speaker per track, named after its channel — but a quick
 * meeting's one channel is named after where its audio comes from ("Microphone", "Videoconference"),
 * not after anyone in the room: its speaker is "Speaker 1", as the pipeline names the one speaker of
 * a lone track (the same meeting saved with offline transcription speaks the same way).
 */
export function speakersOf(session: Pick<SessionRow, 'kind'>, tracks: ReadonlyArray<{ index: number; name: string }>): Array<{ index: number; name: string }> {
  return session.kind === 'quickMeeting' ? tracks.map((track) => ({ index: track.index, name: numberedSpeaker(track.index + 1) })) : [...tracks];
}

/** Stores the recordings of a media's channels as its originals. */
async function storeOriginals(ctx: AppContext, sessionId: string, plan: MediaPlan): Promise<MediaFiles['originals']> {
  const originals: MediaFiles['originals'] = [];
  for (const [n, channel] of plan.channels.entries()) {
    originals.push(await storeRecording(ctx, { sessionId, index: channel.index, bytes: channel.recording }, originalKey(plan.id, n, '.wav'), `${channel.name}.wav`));
  }
  return originals;
}

/** The row of a media sent through the pipeline, as an upload's. */
async function pipelineMedia(ctx: AppContext, session: SessionRow, plan: MediaPlan): Promise<NewConversation> {
  const first = plan.channels[0]!;
  return {
    ...identity(session, plan),
    status: 'pending',
    requestedLanguage: mediaLanguage(first.language),
    transcriberProfileId: first.transcriberProfileId,
    // Several tracks: one speaker per track; one: the speakers found when diarization was asked.
    transcriptionConfig: { diarization: { enabled: session.diarization || first.diarization, numberOfSpeakers: null } },
    channels: tracksOf(plan),
    files: { originals: await storeOriginals(ctx, session.id, plan) },
  };
}

/** The recordings of a media's channels made its audio as preprocessing makes an upload's. */
async function recordedAudio(ctx: AppContext, sessionId: string, plan: MediaPlan, signal: AbortSignal): Promise<{ duration: number; files: MediaFiles }> {
  const originals = await storeOriginals(ctx, sessionId, plan);
  const work = await workFolder(ctx, plan.id);
  try {
    const row = { id: plan.id, files: { originals }, channels: tracksOf(plan) };
    const normalised = await withLocalFiles(
      ctx.storage,
      originals.map((o) => o.key),
      (files) => normaliseAudio(ctx, { row, report: () => undefined, work, signal }, files),
    );
    return { duration: normalised.duration, files: normalised.files };
  } finally {
    await work.dispose();
  }
}

/**
 * The row of a media made of the finals, with its audio when every channel of it was recorded.
 * Audio that cannot be converted (for good, or still at the last attempt) is left out rather than
 * the transcript. A translation's media is made of the translated finals, without audio.
 */
async function transcribedMedia(ctx: AppContext, session: SessionRow, plan: MediaPlan, delivery: JobDelivery): Promise<NewConversation> {
  const tracks = tracksOf(plan);
  const withAudio = session.keepAudio && plan.translation === null && plan.channels.every((c) => c.recording > 0);
  let audio: { duration: number; files: MediaFiles } | null = null;
  if (withAudio) {
    try {
      audio = await recordedAudio(ctx, session.id, plan, delivery.signal);
    } catch (error) {
      // A problem of the audio itself (too long, unreadable) will not pass with another attempt.
      if (delivery.signal.aborted || (!isPermanent(error) && delivery.retryCount < delivery.retryLimit)) throw error;
      ctx.log.error({ err: error, sessionId: session.id, conversationId: plan.id }, 'the recording of a session could not be converted: saved without audio');
      await removeMediaFiles(ctx, { id: plan.id, files: { originals: [] }, channels: tracks });
    }
  }
  const first = plan.channels[0]!;
  // The finals' channel indexes become the media's track numbers.
  const heard = plan.channels.flatMap((channel, track) => channel.finals.map((final) => ({ ...final, channelIndex: track })));
  const finals = plan.translation === null ? heard : translatedFinals(heard, plan.translation);
  const spoken = plan.translation ?? first.language;
  const transcript = transcriptFromFinals(speakersOf(session, tracks), finals, { duration: audio?.duration ?? null, fallbackLanguage: spoken });
  return {
    ...identity(session, plan),
    status: 'done',
    progress: 1,
    requestedLanguage: mediaLanguage(spoken),
    language: plan.translation ?? first.finals[0]?.language ?? first.language,
    transcriberProfileId: first.transcriberProfileId,
    channels: tracks,
    files: audio?.files ?? { originals: [] },
    // Without audio, the media lasts as long as what was heard.
    duration: audio?.duration ?? lastEnd(finals),
    transcript,
    transcriptFingerprint: transcriptFingerprint(transcript),
  };
}

function identity(session: SessionRow, plan: MediaPlan) {
  return { id: plan.id, parentId: plan.parentId, organizationId: session.organizationId, ownerId: session.ownerId, name: plan.name, source: 'session' as const };
}

/** What a session's channels hold now: their finals and recordings. */
async function savedChannels(ctx: AppContext, session: SessionRow, channels: ChannelRow[]): Promise<SavedChannel[]> {
  const finals = await savingRepo.finals(ctx.db, session.id);
  const saved: SavedChannel[] = [];
  for (const channel of channels) {
    saved.push({
      index: channel.position,
      name: channel.name,
      language: channel.languages[0] ?? 'en',
      transcriberProfileId: channel.transcriberProfileId,
      diarization: channel.diarization,
      translations: channel.translations,
      finals: finals.filter((f) => f.channelIndex === channel.position),
      recording: await recordedBytes(ctx.config.dataDir, session.id, channel.position),
    });
  }
  return saved;
}

export function saveSession(ctx: AppContext, payload: JobPayload<'session.save'>, delivery: JobDelivery): Promise<void> {
  return inTurn(payload.sessionId, () => saveNow(ctx, payload, delivery));
}

async function saveNow(ctx: AppContext, { sessionId }: JobPayload<'session.save'>, delivery: JobDelivery): Promise<void> {
  const session = await sessionsRepo.byId(ctx.db, sessionId);
  if (!session) {
    ctx.log.info({ sessionId }, 'session not saved: it no longer exists');
    await removeRecordings(ctx, sessionId);
    return;
  }
  if (session.status !== 'terminated') {
    ctx.log.info({ sessionId, status: session.status }, 'session not saved: it has not stopped');
    return;
  }
  if (session.savedConversationId) {
    // A save already committed: only its leftovers may remain.
    await removeRecordings(ctx, sessionId);
    return;
  }
  const channels = channelsToSave(session, await savedChannels(ctx, session, await sessionsRepo.channels(ctx.db, [sessionId])));
  if (channels.length === 0) {
    ctx.log.info({ sessionId }, 'session not saved: it has no caption and no audio');
    await removeRecordings(ctx, sessionId);
    return;
  }
  const mode = saveModeOf(session);
  const plans = planMedia(sessionId, session.saveAs ?? session.name, channels);
  const rows: NewConversation[] = [];
  for (const plan of plans) {
    rows.push(mode === 'pipeline' && plan.translation === null ? await pipelineMedia(ctx, session, plan) : await transcribedMedia(ctx, session, plan, delivery));
  }
  const main = plans[0]!.id;
  // Children are listed by creation time: a millisecond apart, they keep the plan's order (channels, then translations).
  const savedAt = Date.now();
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await savingRepo.lockUnsaved(tx, sessionId))) throw new AlreadySaved();
      for (const [n, row] of rows.entries()) await conversationsRepo.insert(tx, { ...row, createdAt: new Date(savedAt + n) });
      if (!(await savingRepo.markSaved(tx, sessionId, main))) throw new AlreadySaved();
    });
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error;
    ctx.log.info({ sessionId }, 'session already saved');
    await removeRecordings(ctx, sessionId);
    return;
  }
  ctx.log.info({ sessionId, conversationId: main, mode, channels: channels.length }, 'session saved to the library');
  for (const row of rows) {
    if (row.status === 'pending') {
      // A media left pending is sent again by the pipeline's recovery.
      await enqueue(ctx, 'media.preprocess', { conversationId: row.id! }).catch((error: unknown) =>
        ctx.log.warn({ err: error, conversationId: row.id }, 'could not queue the processing of a saved session'),
      );
    }
    emit(ctx, session.organizationId, { conversationId: row.id!, kind: 'created', status: row.status! });
  }
  const updated = await sessionsRepo.byId(ctx.db, sessionId);
  if (updated) sessionNotice(ctx, updated, 'updated');
  await removeRecordings(ctx, sessionId);
}

/**
 * Saves a stopped session now, in the caller's own time: for a session about to be deleted
 * (`remove=true`), whose finals go with its rows. A single attempt: audio that cannot be converted
 * is left out. The `session.save` job sent at the stop then finds the session saved, or gone.
 */
export function saveStoppedSession(ctx: AppContext, sessionId: string, signal: AbortSignal = new AbortController().signal): Promise<void> {
  return saveSession(ctx, { sessionId }, { id: `direct-${sessionId}`, retryCount: 0, retryLimit: 0, signal });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- definitions of different jobs
export const liveJobs: ReadonlyArray<JobDefinition<any>> = [
  defineJob('session.save', {
    handler: saveSession,
    // It converts audio as preprocessing does: on the media steps' workers.
    concurrency: 'mediaSteps',
    singletonKey: ({ sessionId }) => sessionId,
    retry: RETRY_TWICE,
    expireInSeconds: 30 * 60,
  }),
];
