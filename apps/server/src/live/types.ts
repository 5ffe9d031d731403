/** What the live service (live/service.ts) is built from, besides the engines and the ingests. */
import type { Translator } from '@palabre/engines';

/**
 * The translators of this process, shared by every channel: one per direction, started on first use
 * (live/translators.ts builds it from the configuration: Apertium by default, a LibreTranslate or an
 * OpenAI-compatible server when configured).
 */
export interface TranslatorPool {
  /** The translator from `source` to `target`, or null when this installation cannot translate that way. */
  get(source: string, target: string): Translator | null;
  /** The target languages reachable from `source`. */
  targets(source: string): string[];
  close(): Promise<void>;
}

/**
 * The live service as the rest of the server sees it (`ctx.live`): what happens to a session's
 * streams when it starts and stops. Streams are held by the process they connected to.
 */
export interface LiveSessions {
  /** A session started: its channels' encoders are listened for. */
  sessionStarted(sessionId: string): Promise<void>;
  /**
   * A session stopped: every stream of its channels ends (their ingests disconnect), their encoders
   * are released, and this resolves once their last finals are stored.
   */
  endSession(sessionId: string): Promise<void>;
  /**
   * Seconds of audio a channel has received (its channel time), as this process knows it: from the
   * stream it holds, or held since it started. Undefined when no stream of the channel connected here.
   */
  channelTime(channelId: string): number | undefined;
}
