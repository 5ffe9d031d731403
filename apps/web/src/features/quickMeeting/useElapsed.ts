/**
 * The elapsed recording time (elapsed.ts) of a meeting, running while `running`, in seconds, ticking
 * every second, from the `receivedSeconds` it had already recorded when the page opened it.
 */
import { useEffect, useState } from 'react';
import { alreadyCounted, elapsedSeconds, pause, resume, type Elapsed } from './elapsed.ts';

export function useElapsed(running: boolean, receivedSeconds = 0): number {
  const [elapsed, setElapsed] = useState<Elapsed>(() => alreadyCounted(receivedSeconds));
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setElapsed((current) => (running ? resume(current, Date.now()) : pause(current, Date.now())));
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return elapsedSeconds(elapsed, now);
}
