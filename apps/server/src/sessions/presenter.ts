/** Row → API shapes of sessions, their public view, aliases and templates. Stream keys only for operators. */
import type { PublicSession, Session, SessionAlias, SessionChannel, SessionTemplate } from '@palabre/shared';
import type { Config } from '../config.ts';
import type { SessionAccess } from '../policy.ts';
import type { AliasRow, ChannelRow, SessionRow, TemplateRow } from './repo.ts';
import { isUsable } from './status.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The address of a public session's live page. */
export const publicLinkOf = (config: Config, row: Pick<SessionRow, 'id' | 'organizationId'>) => `${config.publicUrl}/interface/${row.organizationId}/sessions/${row.id}`;

export interface SessionExtras {
  channels: ChannelRow[];
  alias: string | null;
  /** Transcriber profile id → name. */
  profileNames: ReadonlyMap<string, string>;
  access: SessionAccess;
  /** A single session's read (the only answer that may carry stream keys). */
  single?: boolean;
}

function presentChannel(channel: ChannelRow, extras: SessionExtras): SessionChannel {
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
    ...(extras.single && extras.access === 'operate' ? { streamKey: channel.streamKey } : {}),
  };
}

export function presentSession(config: Config, row: SessionRow, extras: SessionExtras, now = new Date()): Session {
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
    channels: extras.channels.map((channel) => presentChannel(channel, extras)),
    templateId: row.templateId,
    savedConversationId: row.savedConversationId,
    created: row.createdAt.toISOString(),
    last_update: row.updatedAt.toISOString(),
    abilities: { operate: extras.access === 'operate' },
  };
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
