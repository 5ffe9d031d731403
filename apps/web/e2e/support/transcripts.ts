/** Transcript turns to seed a media with, in the stored transcript format. */

/**
 * A turn whose words start `step` seconds apart from `start` and each last 80% of that; `confidence`
 * is every word's, or a word's from its index.
 */
export function makeTurn(id: string, speaker: string, text: string, start: number, options: { step?: number; confidence?: number | ((index: number) => number) } = {}) {
  const { step = 0.5, confidence = 0.9 } = options;
  const words = text.split(' ').map((word, i) => ({
    wid: `${id}-w${i}`,
    stime: start + i * step,
    etime: start + i * step + step * 0.8,
    word,
    confidence: typeof confidence === 'number' ? confidence : confidence(i),
  }));
  return { turn_id: id, speaker_id: speaker, segment: text, stime: start, etime: words.at(-1)!.etime, words };
}
