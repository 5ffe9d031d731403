/**
 * The bound on a document's encoded size (COLLAB_MAX_DOCUMENT_BYTES), kept without encoding the
 * document on every keystroke (a six-hour transcript takes a few hundred milliseconds to encode).
 *
 * It keeps an estimate that errs high: the size last measured (a fold encodes the state anyway), plus
 * GROWTH times the bytes of every update accepted since. While the estimate stays under the limit,
 * nothing is measured. Past it, the document is encoded to know exactly, at most once per
 * MEASURE_INTERVAL_MS for clients' updates (so a writer cannot make the server encode a large
 * document for each of their updates); in between, an update the estimate does not fit is refused.
 */
import * as Y from 'yjs';

/**
 * How much an update may grow the encoded state, per byte of its own: a deletion cutting long runs of
 * text into pieces grows it up to about six times its size (measured), insertions and formatting about
 * one and a half.
 */
export const GROWTH = 8;
export const MEASURE_INTERVAL_MS = 10_000;

export class DocumentSize {
  private estimate: number;
  private measuredAt = -Infinity;

  /** `stored`: the bytes of the stored state and of each log row not folded into it. */
  constructor(stored: { state: Uint8Array; updates: Array<{ update: Uint8Array }> }) {
    this.estimate = DocumentSize.of(stored);
  }

  private static of(stored: { state: Uint8Array; updates: Array<{ update: Uint8Array }> }): number {
    return stored.updates.reduce((sum, row) => sum + GROWTH * row.update.byteLength, stored.state.byteLength);
  }

  /** The document was rebuilt from what is stored (when it was last measured is kept). */
  restart(stored: { state: Uint8Array; updates: Array<{ update: Uint8Array }> }): void {
    this.estimate = DocumentSize.of(stored);
  }

  /** Whether an update of `bytes` fits under `limit` by the estimate alone. */
  fits(bytes: number, limit: number): boolean {
    return this.estimate + GROWTH * bytes <= limit;
  }

  /** Whether a client's update may have the document measured now (taking the turn if so). */
  mayMeasure(now = Date.now()): boolean {
    if (now - this.measuredAt < MEASURE_INTERVAL_MS) return false;
    this.measuredAt = now;
    return true;
  }

  /** Encodes the document as it is now: whether it is within `limit`. */
  measure(doc: Y.Doc, limit: number): boolean {
    this.measured(Y.encodeStateAsUpdate(doc).byteLength);
    return this.estimate <= limit;
  }

  /** Its exact size is known (the state a fold just encoded). */
  measured(bytes: number): void {
    this.estimate = bytes;
  }

  /** An update of `bytes` was applied. */
  grew(bytes: number): void {
    this.estimate += GROWTH * bytes;
  }
}
