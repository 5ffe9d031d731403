/** Transcript exports (docs/exports.md). */
import { zReport } from '../ai.ts';
import { zIdParam } from '../common.ts';
import { zDownloadBody, zDownloadQuery } from '../exports.ts';
import { P, endpoint } from './define.ts';

export const exportEndpoints = {
  download: endpoint({
    method: 'POST',
    path: `${P}/conversations/:id/download`,
    summary:
      'The transcript as json, text, docx, pdf, odt, srt or vtt, filtered by speakers and keywords, with the metadata the flags ask for; `preview=true` answers a PDF shown inline (read right). A report flavour serves that generated report as docx, pdf, text or json; with `regenerate=true` it queues a generation instead and answers 202 with the report (generation rights)',
    tag: 'exports',
    auth: true,
    params: zIdParam,
    query: zDownloadQuery,
    body: zDownloadBody,
    accepted: zReport,
  }),
} as const;
