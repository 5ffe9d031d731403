/**
 * A channel's stream is decoded on exactly one node (docs/ARCHITECTURE.md "Live across nodes"): the
 * node that opens it takes the channel's lease (`live_stream_leases`), renews it every `renewMs`, and
 * gives it back when the stream ends. A lease not renewed for `expireMs` (about three renewals: its
 * node died or lost the database) is free: any node takes it when an encoder connects, and the
 * sweeper of a surviving node marks the channel's stream as lost (errored, told to the organization)
 * so the operator sees it, and keeps the utterance it was in (lost-partials.ts). Times are the database's clock, the same for every node.
 */
import type { AppContext } from '../context.ts';
import { sessionsRepo } from '../sessions/repo.ts';
import { audioEnded } from '../sessions/service.ts';
import { keepLostPartials } from './lost-partials.ts';
import { leasesRepo } from './repo.ts';

export interface LeaseTiming {
  renewMs: number;
  /** A lease not renewed for this long is free. */
  expireMs: number;
  /** How often expired leases are looked for. */
  sweepMs: number;
}

export const DEFAULT_LEASE_TIMING: LeaseTiming = { renewMs: 3_000, expireMs: 10_000, sweepMs: 5_000 };

export class StreamLeases {
  /** The channels whose lease this node holds. */
  private readonly held = new Set<string>();
  private readonly timers: NodeJS.Timeout[] = [];
  private ticking: Promise<void> = Promise.resolve();
  private readonly ctx: AppContext;
  private readonly nodeId: string;
  private readonly timing: LeaseTiming;
  private readonly onLost: (channelId: string) => void;

  constructor(ctx: AppContext, nodeId: string, timing: Partial<LeaseTiming>, onLost: (channelId: string) => void) {
    this.ctx = ctx;
    this.nodeId = nodeId;
    this.timing = { ...DEFAULT_LEASE_TIMING, ...timing };
    this.onLost = onLost;
  }

  /** Renews this node's leases; with `sweep`, also marks the streams of expired leases as lost. */
  start(options: { sweep: boolean }): void {
    const every = (ms: number, task: () => Promise<void>) => {
      const timer = setInterval(() => {
        this.ticking = this.ticking.then(task).catch((error: unknown) => this.ctx.log.warn({ err: error }, 'live stream leases not kept'));
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.timing.renewMs, () => this.renew());
    if (options.sweep) every(this.timing.sweepMs, () => this.sweep().then(() => undefined));
  }

  /** Takes the channel's lease: answers false when another node holds it and it has not expired. */
  async take(channelId: string): Promise<boolean> {
    if (!(await leasesRepo.take(this.ctx.db, channelId, this.nodeId, this.timing.expireMs))) return false;
    this.held.add(channelId);
    return true;
  }

  async release(channelId: string): Promise<void> {
    this.held.delete(channelId);
    await leasesRepo.release(this.ctx.db, channelId, this.nodeId);
  }

  /** Pushes this node's leases back; a lease found taken meanwhile is lost: its stream must stop here. */
  private async renew(): Promise<void> {
    const held = [...this.held];
    if (held.length === 0) return;
    const renewed = new Set(await leasesRepo.renew(this.ctx.db, held, this.nodeId, this.timing.expireMs));
    for (const channelId of held) {
      if (renewed.has(channelId) || !this.held.has(channelId)) continue;
      this.held.delete(channelId);
      this.ctx.log.warn({ channelId }, 'live stream lease lost: the stream stops on this node');
      this.onLost(channelId);
    }
  }

  /**
   * Expired leases (their node died): each is deleted by exactly one node, which marks the channel's
   * stream as lost when it still shows as streaming. Answers the channels it marked.
   */
  async sweep(): Promise<string[]> {
    const lost: string[] = [];
    for (const { channel, nodeId } of await leasesRepo.takeExpired(this.ctx.db)) {
      // The utterance in progress when the node died is kept as a final.
      const session = await sessionsRepo.byId(this.ctx.db, channel.sessionId);
      if (session) await keepLostPartials(this.ctx, session, channel.position);
      if (channel.streamStatus !== 'active') continue;
      await audioEnded(this.ctx, channel, 'errored');
      this.ctx.log.warn({ sessionId: channel.sessionId, channelIndex: channel.position, node: nodeId }, 'live stream lost: its node stopped renewing it');
      lost.push(channel.id);
    }
    return lost;
  }

  /** Stops renewing (shutdown; the streams release their leases as they end). */
  async close(): Promise<void> {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
    await this.ticking;
  }
}
