/** Transcript exports (docs/exports.md). */
import { zIdParam } from '../common.ts';
import { zDownloadBody, zDownloadQuery } from '../exports.ts';
import { P, endpoint } from './define.ts';

export const exportEndpoints = {
  download: endpoint({
    method: 'POST',
    path: `${P}/conversations/:id/download`,
    summary:
      'The transcript as json, text, docx, pdf, odt, srt or vtt, filtered by speakers and keywords, with the metadata the flags ask for; `preview=true` answers a PDF shown inline (read right)',
    tag: 'exports',
    auth: true,
    params: zIdParam,
    query: zDownloadQuery,
    body: zDownloadBody,
  }),
} as const;
