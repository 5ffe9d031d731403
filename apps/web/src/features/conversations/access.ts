/**
 * Navigation guard rule 7 (docs/PRODUCT.md, Screens and routes): a conversation page needs rights above 0.
 * Reads the caller's `right` from GET /conversations/{id} (projection=right); 0 when the media is missing,
 * forbidden or the id is malformed (400), null ("unknown", the page opens and shows its own error) on other
 * failures.
 */
import { API } from '@palabre/shared';
import { call } from '../../api/call.ts';
import { isMissing } from '../../api/client.ts';
import { RIGHT_QUERY } from '../../routes/firstScreen.ts';

export function loadConversationRight(conversationId: string): Promise<number | null> {
  return rightFrom(() => call(API.conversations.get, { params: { id: conversationId }, query: RIGHT_QUERY }));
}

/** The right in what `read` answers (any projection of the media that holds it), read as above. */
export async function rightFrom(read: () => Promise<{ right?: unknown }>): Promise<number | null> {
  try {
    const body = await read();
    return typeof body.right === 'number' ? body.right : null;
  } catch (error) {
    if (isMissing(error)) return 0;
    return null;
  }
}
