/** The elapsed recording time (elapsed.ts) of a meeting, running while `running`, in seconds, ticking every second. */
import { useEffect, useState } from 'react';
import { elapsedSeconds, NO_TIME, pause, resume, type Elapsed } from './elapsed.ts';

export function useElapsed(running: boolean): number {
  const [elapsed, setElapsed] = useState<Elapsed>(NO_TIME);
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
