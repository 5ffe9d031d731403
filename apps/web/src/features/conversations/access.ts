/**
 * Navigation guard rule 7 (docs/PRODUCT.md, Screens and routes): a conversation page needs rights above 0.
 * Reads the caller's `right` from GET /conversations/{id} (projection=right); 0 when the media is missing,
 * forbidden or the id is malformed (400), null ("unknown", the page opens and shows its own error) on other
 * failures.
 */
import { api, ApiError } from '../../api/client.ts';

export async function loadConversationRight(conversationId: string): Promise<number | null> {
  try {
    const body = await api.get<{ right?: number }>(`/conversations/${encodeURIComponent(conversationId)}`, { projection: 'right' });
    return typeof body.right === 'number' ? body.right : null;
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return 0;
    return null;
  }
}
