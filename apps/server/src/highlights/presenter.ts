/** Highlights as the API answers them: the stored record and where its anchor is now. */
import type { Highlight } from '@palabre/shared';
import type { ResolvedAnchor, StoredAnchor } from './anchors.ts';
import type { HighlightRecord } from './repo.ts';

export function presentHighlight(record: HighlightRecord, resolved: ResolvedAnchor): Highlight {
  const { row } = record;
  const stored = row.anchor as StoredAnchor;
  return {
    _id: row.id,
    anchor: resolved.anchor,
    relative: { start: stored.start, end: stored.end },
    text: resolved.text,
    start: resolved.start,
    tag: record.tag ? { _id: record.tag.id, name: record.tag.name, color: record.tag.color } : null,
    metadata: row.metadata,
    comment: row.comment,
    author: row.authorId && record.authorName !== null ? { _id: row.authorId, name: record.authorName } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
