/** Data access for saving a stopped session to the library (no rules). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sessionCaptions, sessions } from '../db/schema.ts';
import type { SavedFinal } from './save-transcript.ts';

export const savingRepo = {
  /** A session's finals, channel by channel in the order they were heard. */
  finals: (db: Database, sessionId: string): Promise<SavedFinal[]> =>
    db
      .select({
        channelIndex: sessionCaptions.channelIndex,
        text: sessionCaptions.text,
        start: sessionCaptions.start,
        end: sessionCaptions.end,
        language: sessionCaptions.language,
        words: sessionCaptions.words,
      })
      .from(sessionCaptions)
      .where(eq(sessionCaptions.sessionId, sessionId))
      .orderBy(asc(sessionCaptions.channelIndex), asc(sessionCaptions.start), asc(sessionCaptions.segmentId)),

  /**
   * Whether the session is still unsaved, locking its row until the transaction ends: a second save
   * running at the same time waits here, then finds it saved. Call it first in the transaction
   * that inserts the media.
   */
  lockUnsaved: async (db: Database, sessionId: string): Promise<boolean> => {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), isNull(sessions.savedConversationId)))
      .for('update');
    return rows.length > 0;
  },

  /** Records the saved media, once: false when the session already names one (or is gone). */
  markSaved: async (db: Database, sessionId: string, conversationId: string): Promise<boolean> => {
    const updated = await db
      .update(sessions)
      .set({ savedConversationId: conversationId, updatedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.savedConversationId)))
      .returning({ id: sessions.id });
    return updated.length > 0;
  },
};
