/**
 * Hook point of navigation guard rule 7 (spec §2): a conversation page needs rights above 0.
 *
 * The conversations API (GET /conversations/{id}/rights, which returns `right`) does not exist yet.
 * Until it does this answers null ("unknown"), and the guard lets the page open; the conversation
 * feature replaces the body with the call and returns the rights mask (0 when the call answers 404).
 */
export async function loadConversationRight(conversationId: string): Promise<number | null> {
  void conversationId;
  return null;
}
