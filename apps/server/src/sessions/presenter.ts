/** Row → API shapes of sessions, their public view, aliases and templates. Stream keys only for operators. */
import {
  LIVE_INGEST_PATH,
  type IngestEndpoints,
  type PublicSession,
  type QuickMeeting,
  type Session,
  type SessionAlias,
  type SessionChannel,
  type SessionTemplate,
} from '@palabre/shared';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import type { SessionAccess } from '../policy.ts';
import type { AliasRow, ChannelRow, SessionRow, TemplateRow } from './repo.ts';
import { isUsable } from './status.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The address of a public session's live page. */
export const publicLinkOf = (config: Config, row: Pick<SessionRow, 'id' | 'organizationId'>) => `${config.publicUrl}/interface/${row.organizationId}/sessions/${row.id}`;

/** The ingest WebSocket's address: the public address with ws:// or wss://. */
export function ingestWebSocketUrl(config: Pick<Config, 'publicUrl'>): string {
  const url = new URL(config.publicUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${url.href.replace(/\/$/, '')}${LIVE_INGEST_PATH}`;
}

/** Where a channel's encoders send (RTMP and SRT while this process listens for them). */
export function channelEndpoints(ctx: Presenting, streamKey: string): IngestEndpoints {
  const { rtmp, srt } = ctx.encoders?.addresses(streamKey) ?? { rtmp: null, srt: null };
  return { rtmp, srt, websocket: ingestWebSocketUrl(ctx.config) };
}

/** What presenting a session reads besides its rows: the configuration, and the encoder listeners for operators' addresses. */
export type Presenting = Pick<AppContext, 'config' | 'encoders'>;

export interface SessionExtras {
  channels: ChannelRow[];
  alias: string | null;
  /** Transcriber profile id → name. */
  profileNames: ReadonlyMap<string, string>;
  access: SessionAccess;
  /** A single session's read (the only answer that may carry stream keys). */
  single?: boolean;
}

function presentChannel(ctx: Presenting, channel: ChannelRow, extras: SessionExtras): SessionChannel {
  const profileId = channel.transcriberProfileId;
  return {
    _id: channel.id,
    index: channel.position,
    name: channel.name,
    transcriberProfileId: profileId,
    profileName: profileId ? (extras.profileNames.get(profileId) ?? null) : null,
    languages: channel.languages,
    translations: channel.translations,
    diarization: channel.diarization,
    streamStatus: channel.streamStatus,
    transcriberStatus: channel.transcriberStatus,
    ...(extras.single && extras.access === 'operate' ? { streamKey: channel.streamKey, endpoints: channelEndpoints(ctx, channel.streamKey) } : {}),
  };
}

export function presentSession(ctx: Presenting, row: SessionRow, extras: SessionExtras, now = new Date()): Session {
  const { config } = ctx;
  return {
    _id: row.id,
    organizationId: row.organizationId,
    owner: row.ownerId,
    name: row.name,
    status: row.status,
    usable: isUsable(row, now),
    visibility: row.visibility,
    anonymousAccess: row.anonymousAccess,
    publicLink: row.visibility === 'public' ? publicLinkOf(config, row) : null,
    alias: extras.alias,
    diarization: row.diarization,
    keepAudio: row.keepAudio,
    liveTranscription: row.liveTranscription,
    scheduleOn: iso(row.scheduleOn),
    endOn: iso(row.endOn),
    autoStart: row.autoStart,
    autoEnd: row.autoEnd,
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    metadata: row.metadata,
    watermark: row.watermark,
    channels: extras.channels.map((channel) => presentChannel(ctx, channel, extras)),
    templateId: row.templateId,
    savedConversationId: row.savedConversationId,
    created: row.createdAt.toISOString(),
    last_update: row.updatedAt.toISOString(),
    abilities: { operate: extras.access === 'operate' },
  };
}

/** A quick meeting: its session as presented, what makes it one, and the seconds of audio its channel received. */
export function presentQuickMeeting(session: Session, row: SessionRow, receivedSeconds: number): QuickMeeting {
  return { ...session, kind: 'quickMeeting', source: row.source ?? 'microphone', offlineTranscription: row.offlineTranscription, receivedSeconds };
}

/** What anyone allowed to follow a public session sees: its name, times, channels' languages and watermark. */
export function presentPublicSession(row: SessionRow, channels: ChannelRow[], now = new Date()): PublicSession {
  return {
    _id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    status: row.status,
    usable: isUsable(row, now),
    scheduleOn: iso(row.scheduleOn),
    endOn: iso(row.endOn),
    startTime: iso(row.startTime),
    endTime: iso(row.endTime),
    channels: channels.map((channel) => ({
      _id: channel.id,
      index: channel.position,
      name: channel.name,
      languages: channel.languages,
      translations: channel.translations,
      streamStatus: channel.streamStatus,
    })),
    watermark: row.watermark,
  };
}

export const presentAlias = (row: AliasRow): SessionAlias => ({ _id: row.id, organizationId: row.organizationId, name: row.name, sessionId: row.sessionId });

export const presentTemplate = (row: TemplateRow): SessionTemplate => ({
  _id: row.id,
  organizationId: row.organizationId,
  name: row.name,
  owner: row.ownerId,
  settings: row.settings,
  created: row.createdAt.toISOString(),
});
