/**
 * A generated report as the exporters render it (docs/reports.md, "Downloads"): its title, the
 * labels of its language and its Markdown read into blocks (`parseMarkdown` of @palabre/shared).
 */
import type { MdBlock } from '@palabre/shared';
import type { ExportLabels, ExportLanguage } from './labels.ts';

export interface ReportDocument {
  title: string;
  language: ExportLanguage;
  labels: ExportLabels;
  exportedAt: Date;
  blocks: MdBlock[];
}
