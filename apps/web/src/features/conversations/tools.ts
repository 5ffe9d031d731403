/**
 * The tools of a media overview and the right each needs (docs/PRODUCT.md, Screens and routes; Roles
 * and permissions): every tool opens with the read right; the transcript and subtitle editors are
 * read-only without the write right.
 */
import { hasRight, RIGHT } from '@palabre/shared';
import { paths } from '../../routes/paths.ts';

export type MediaTool = 'transcription' | 'subtitles' | 'publish';

interface ToolEntry {
  tool: MediaTool;
  right: number;
  path: (conversationId: string) => string;
}

export const MEDIA_TOOLS: readonly ToolEntry[] = [
  { tool: 'transcription', right: RIGHT.READ, path: paths.conversationTranscription },
  { tool: 'subtitles', right: RIGHT.READ, path: paths.conversationSubtitles },
  { tool: 'publish', right: RIGHT.READ, path: paths.conversationPublish },
];

/** The tools a caller holding `right` on the media may open, in display order. */
export function toolsFor(right: number | null | undefined): readonly ToolEntry[] {
  return MEDIA_TOOLS.filter((entry) => hasRight(right ?? 0, entry.right));
}
