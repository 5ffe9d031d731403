/**
 * What a log line needs to know of the work it is written for: the HTTP request (its id) or the
 * job (its id and name). Kept in an AsyncLocalStorage, so that every line logged while serving a
 * request or running a job carries it, whichever logger wrote it (see the mixin in logging.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface WorkContext {
  /** The request id (X-Request-Id), on lines written while serving a request. */
  reqId?: string;
  /** The job id and name, on lines written while running a job. */
  jobId?: string;
  jobName?: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** Runs `fn` (and everything it starts) as part of the given work. */
export function runWithContext<T>(context: WorkContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The work being done now, if any. */
export function currentContext(): WorkContext | undefined {
  return storage.getStore();
}
