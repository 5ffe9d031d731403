/**
 * Navigation guard rule 7 (spec §2): a conversation page needs rights above 0. Reads the caller's
 * `right` from GET /conversations/{id} (projection=right); 0 when the media is missing or forbidden,
 * null ("unknown", the page opens and shows its own error) on other failures.
 */
import { api, ApiError } from '../../api/client.ts';

export async function loadConversationRight(conversationId: string): Promise<number | null> {
  try {
    const body = await api.get<{ right?: number }>(`/conversations/${encodeURIComponent(conversationId)}`, { projection: 'right' });
    return typeof body.right === 'number' ? body.right : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return 0;
    return null;
  }
}
