/**
 * Plain text for reading: a header (title, date, metadata block), then one paragraph per turn,
 * prefixed `[00:01:02] Alice: ` as the timestamp and speakers flags ask.
 */
import { clock, formatDate } from './labels.ts';
import { metadataLines, type ExportDocument, type ExportTurn } from './model.ts';

export function turnPrefix(doc: ExportDocument, turn: ExportTurn): string {
  let prefix = '';
  if (doc.show.timestamp) prefix += `[${clock(turn.start)}] `;
  if (doc.show.speakers) prefix += `${turn.speaker}: `;
  return prefix;
}

export function renderText(doc: ExportDocument): Buffer {
  const lines: string[] = [doc.title, '='.repeat(Math.min(Math.max(doc.title.length, 3), 80)), `${doc.labels.exportedOn} ${formatDate(doc.exportedAt, doc.language)}`];
  for (const { label, value } of metadataLines(doc)) lines.push(`${label}: ${value}`);
  lines.push('');
  for (const turn of doc.turns) lines.push(turnPrefix(doc, turn) + turn.text, '');
  return Buffer.from(lines.join('\n'), 'utf8');
}
