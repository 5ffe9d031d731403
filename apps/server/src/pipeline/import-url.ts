/**
 * `media.import-url` — downloading a remote media belongs to the conversations (ingest) code, which
 * is being written. Every job needs exactly one handler for the server to start, so until that
 * handler is registered here the job ends the media in 'error' with an honest reason instead of
 * pretending to import it.
 */
import type { AppContext } from '../context.ts';
import type { JobDelivery } from '../jobs/registry.ts';
import { failConversation, loadConversation, stepOfStatus } from './state.ts';

export async function importUrlNotAvailable(ctx: AppContext, payload: { conversationId: string; url: string }, _delivery: JobDelivery): Promise<void> {
  const row = await loadConversation(ctx, payload.conversationId);
  const step = row ? stepOfStatus(row.status) : null;
  if (!row || step === null) return;
  await failConversation(ctx, row, step, 'importing a media from a URL is not available yet on this server');
}
