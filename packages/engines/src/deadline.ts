/**
 * The AbortSignal of one outgoing HTTP request: it fires when the caller's signal does or after
 * `timeoutMs`, and never once `done()` was called. Node's fetch (undici) rejects unhandled when the
 * signal of a request that already failed (a refused connection) is aborted afterwards, which an
 * `AbortSignal.timeout`, or the caller's signal, would do.
 */
export interface RequestDeadline {
  signal: AbortSignal;
  /** Whether it fired because the time was up (not because the caller aborted). */
  timedOut(): boolean;
  /** Starts the time limit afresh (a stream that received something: the limit is between chunks). */
  renew(): void;
  /** The request settled: nothing fires any more. */
  done(): void;
}

export function requestDeadline(timeoutMs: number, callerSignal?: AbortSignal): RequestDeadline {
  const controller = new AbortController();
  let expired = false;
  const expire = () => {
    expired = true;
    controller.abort();
  };
  let timer = setTimeout(expire, timeoutMs);
  const cancel = () => controller.abort();
  callerSignal?.addEventListener('abort', cancel, { once: true });
  if (callerSignal?.aborted) controller.abort();
  return {
    signal: controller.signal,
    timedOut: () => expired,
    renew() {
      if (expired || controller.signal.aborted) return;
      clearTimeout(timer);
      timer = setTimeout(expire, timeoutMs);
    },
    done() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', cancel);
    },
  };
}

/** Waits `ms`, or less when `signal` fires (a retry's backoff that a cancellation cuts short). */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
