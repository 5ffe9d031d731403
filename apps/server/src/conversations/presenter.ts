/** The API shape of a media (zConversation), with projection support. */
import { DEFAULT_TRANSCRIPTION_CONFIG, PIPELINE_STEPS, type Conversation, type ConversationProjection, type ProcessingJob, type Speaker, type Turn } from '@palabre/shared';
import type { ConversationRow } from './repo.ts';

export type PresentedConversation = Conversation & { speakers?: Speaker[]; text?: Turn[] };

function processingJob(row: ConversationRow): ProcessingJob {
  const known = new Map(row.processing.steps.map((s) => [s.name, s]));
  const steps = PIPELINE_STEPS.map((name) => {
    const step = known.get(name);
    return { name, state: step?.state ?? (row.status === 'done' ? 'done' : 'waiting'), progress: step?.progress ?? (row.status === 'done' ? 1 : 0) };
  });
  return {
    state: row.status,
    progress: row.progress,
    steps,
    ...(row.processing.log ? { log: row.processing.log } : {}),
  };
}

/** What a media looks like to one viewer besides its row: their right, its tags, their star. */
export interface ViewerFacts {
  right: number;
  tags: string[];
  favorite: boolean;
}

export function presentConversation(row: ConversationRow, { right, tags, favorite }: ViewerFacts): PresentedConversation {
  const files = row.files;
  const originalsSize = files.originals.reduce((sum, f) => sum + f.size, 0);
  const presented: PresentedConversation = {
    _id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    owner: row.ownerId,
    created: row.createdAt.toISOString(),
    last_update: row.updatedAt.toISOString(),
    duration: row.duration,
    language: row.language,
    requestedLanguage: row.requestedLanguage,
    acoustic: row.acoustic,
    modelQuality: row.modelQuality,
    source: row.source,
    status: row.status,
    transcriberProfileId: row.transcriberProfileId,
    transcriptionConfig: {
      ...DEFAULT_TRANSCRIPTION_CONFIG,
      ...row.transcriptionConfig,
      diarization: { ...DEFAULT_TRANSCRIPTION_CONFIG.diarization, ...row.transcriptionConfig.diarization },
    },
    membersRight: row.membersRight,
    channels: row.channels,
    media: {
      mimeType: files.web?.mimeType ?? (files.originals[0] ? detectedType(files.originals[0].mimeType) : null),
      size: files.web?.size ?? (files.originals.length > 0 ? originalsSize : null),
      playable: Boolean(files.web),
      peaks: Boolean(files.peaks),
      video: Boolean(files.video),
    },
    jobs: { transcription: processingJob(row) },
    parent: row.parentId,
    right,
    tags,
    favorite,
  };
  if (row.status === 'done' && row.transcript) {
    presented.speakers = row.transcript.speakers;
    presented.text = row.transcript.text;
  }
  return presented;
}

/** `projection=a,b` or `key=last_update`: only those fields, plus _id. Unknown fields are ignored. */
export function projectionOf(query: { projection?: string | undefined; key?: string | undefined }): string[] | null {
  const list = [query.projection, query.key]
    .filter((v): v is string => Boolean(v))
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return list.length > 0 ? list : null;
}

/** Whether a projection shows the transcript (its speakers or turns); no projection shows everything. */
export function projectsTranscript(fields: string[] | null): boolean {
  return fields === null || fields.includes('speakers') || fields.includes('text');
}

export function project(conversation: PresentedConversation, fields: string[] | null): ConversationProjection {
  if (!fields) return conversation;
  const out: Record<string, unknown> = { _id: conversation._id };
  const source = conversation as unknown as Record<string, unknown>;
  for (const field of fields) {
    if (Object.hasOwn(source, field)) out[field] = source[field];
  }
  return out as ConversationProjection;
}

/** Rows stored before types were detected may hold a declared type: only media types are shown. */
function detectedType(stored: string | null): string {
  return stored && /^(audio|video)\/[a-z0-9.+-]+$/i.test(stored) ? stored : 'application/octet-stream';
}
