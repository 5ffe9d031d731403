/**
 * The `data` of each event (docs/webhooks.md): small and stable — ids, names, status, times and a
 * link to the page — never transcript text or anything secret.
 */
import type { AppContext } from '../context.ts';

export { mediaColumns } from './repo.ts';

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export interface MediaFacts {
  id: string;
  organizationId: string;
  name: string;
  status: string;
  duration: number | null;
  language: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** `media.processed` and `media.failed`. */
export function mediaData(ctx: AppContext, media: MediaFacts) {
  return {
    media: {
      id: media.id,
      name: media.name,
      status: media.status,
      duration: media.duration,
      language: media.language,
      createdAt: iso(media.createdAt),
      updatedAt: iso(media.updatedAt),
      url: `${ctx.config.publicUrl}/interface/conversations/${media.id}`,
    },
  };
}

export interface SessionFacts {
  id: string;
  organizationId: string;
  name: string;
  status: string;
  startTime: Date | null;
  endTime: Date | null;
}

/** `session.started` and `session.ended`. */
export function sessionData(ctx: AppContext, session: SessionFacts) {
  return {
    session: {
      id: session.id,
      name: session.name,
      status: session.status,
      startTime: iso(session.startTime),
      endTime: iso(session.endTime),
      url: `${ctx.config.publicUrl}/interface/${session.organizationId}/sessions/${session.id}`,
    },
  };
}

/** `report.ready`. */
export function reportData(ctx: AppContext, report: { id: string; kind: string; language: string; conversationId: string }, media: { name: string } | null) {
  return {
    report: {
      id: report.id,
      kind: report.kind,
      language: report.language,
      generatedAt: new Date().toISOString(),
      url: `${ctx.config.publicUrl}/interface/conversations/${report.conversationId}/publish`,
    },
    media: { id: report.conversationId, name: media?.name ?? null },
  };
}
