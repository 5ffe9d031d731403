/**
 * Saves of one session take turns in this process. The job sent at the stop and a direct save (a
 * session deleted right after its stop) may run at once on one node: both write the same media's
 * files (their ids come from the session's), and one that leaves the audio out removes the media's
 * folder while the other still writes into it, or reads recordings the other already removed. In
 * turn, the second finds the session saved and only removes what is left of its recordings.
 */
const turns = new Map<string, Promise<void>>();

/** Runs `work` once every earlier call with the same key has settled. */
export function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = turns.get(key) ?? Promise.resolve();
  const result = previous.then(work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  turns.set(key, settled);
  void settled.then(() => {
    if (turns.get(key) === settled) turns.delete(key);
  });
  return result;
}
