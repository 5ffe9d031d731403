/**
 * The process's metrics (prom-client, its own registry), read by GET /metrics in Prometheus's text
 * format: HTTP latency by route pattern, job durations and outcomes, job queue depths, live caption
 * latency, open collaborative documents and connected sockets, and Node's process metrics.
 *
 * Histograms and counters are fed as things happen; the gauges are read on each scrape from the
 * sources the server installs once its parts exist (`sources`), so a process without sockets or
 * workers reports what it has.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Queue depth by state: waiting, waiting for a later start (retry delay, deferral), waiting for a retry, running. */
export const QUEUE_STATES = ['queued', 'deferred', 'retry', 'active'] as const;
export type QueueState = (typeof QUEUE_STATES)[number];

export interface QueueDepth {
  queue: string;
  state: QueueState;
  jobs: number;
}

/** The sockets a process serves: the session socket, its live viewers, the collaboration socket, the live ingest WebSocket. */
export type SocketKind = 'session' | 'live_viewers' | 'collab' | 'live_ingest';

export type JobOutcome = 'completed' | 'failed' | 'refused';

/** Where the gauges read their values on each scrape. */
export interface MetricSources {
  /** Collaborative documents open in this process, by kind. */
  documents?: () => { transcript: number; subtitle: number };
  sockets?: () => Partial<Record<SocketKind, number>>;
  /** Jobs by queue and state (bounded cost: cached, see queues.ts). */
  queues?: () => Promise<QueueDepth[]>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_SECONDS = [0.1, 0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800, 3600, 7200];
const LIVE_SECONDS = [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4, 6, 8, 12, 20];

export class Metrics {
  readonly registry = new Registry();
  readonly sources: MetricSources = {};
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  readonly jobDuration: Histogram<'job'>;
  readonly jobOutcomes: Counter<'job' | 'outcome'>;
  /** Seconds from the audio a caption ends with reaching the server to the caption's emission. */
  readonly liveLatency: Histogram<'kind'>;
  private processMetrics = false;

  constructor() {
    const registers = [this.registry];
    this.httpDuration = new Histogram({
      name: 'palabre_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: SECONDS,
      registers,
    });
    this.jobDuration = new Histogram({ name: 'palabre_job_duration_seconds', help: 'Job attempts by job name', labelNames: ['job'], buckets: JOB_SECONDS, registers });
    this.jobOutcomes = new Counter({
      name: 'palabre_jobs_total',
      help: 'Job attempts by job name and outcome (completed, failed, refused: a payload that does not validate)',
      labelNames: ['job', 'outcome'],
      registers,
    });
    this.liveLatency = new Histogram({
      name: 'palabre_live_caption_latency_seconds',
      help: 'Live captions: from the arrival of the audio a caption ends with to its emission (kind final or translation)',
      labelNames: ['kind'],
      buckets: LIVE_SECONDS,
      registers,
    });
    const sources = this.sources;
    new Gauge({
      name: 'palabre_job_queue_jobs',
      help: 'Jobs by queue and state (queued, deferred, retry, active)',
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        for (const { queue, state, jobs } of (await sources.queues?.()) ?? []) this.set({ queue, state }, jobs);
      },
    });
    new Gauge({
      name: 'palabre_open_documents',
      help: 'Collaborative documents open in this process, by kind (transcript, subtitle)',
      labelNames: ['kind'],
      registers,
      collect() {
        this.reset();
        const open = sources.documents?.();
        if (!open) return;
        this.set({ kind: 'transcript' }, open.transcript);
        this.set({ kind: 'subtitle' }, open.subtitle);
      },
    });
    new Gauge({
      name: 'palabre_connected_sockets',
      help: 'Connected sockets by kind (session, live_viewers, collab, live_ingest)',
      labelNames: ['socket'],
      registers,
      collect() {
        this.reset();
        for (const [socket, count] of Object.entries(sources.sockets?.() ?? {})) this.set({ socket }, count);
      },
    });
  }

  /** Adds Node's process metrics (CPU, memory, event loop, handles); once, by the process that serves them. */
  collectProcessMetrics(): void {
    if (this.processMetrics) return;
    this.processMetrics = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** Times one job attempt: call the answer with its outcome when it ends. */
  startJob(job: string): (outcome: JobOutcome) => void {
    const end = this.jobDuration.startTimer({ job });
    return (outcome) => {
      end();
      this.jobOutcomes.inc({ job, outcome });
    };
  }

  /** The text exposition of every metric, and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.registry.metrics(), contentType: this.registry.contentType };
  }
}
