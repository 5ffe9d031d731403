/**
 * The ports of one ingest protocol: each listening channel holds one from the configured ranges
 * until it is released, the same one each time when it is free. A port another program uses is skipped (probed by binding it for a moment;
 * the listener that then binds it may still find it taken, and asks for another one).
 */
import dgram from 'node:dgram';
import net from 'node:net';
import type { PortRange } from '../../config.ts';

export type Transport = 'tcp' | 'udp';

/** Another program has the port (any other failure, such as an address not of this machine, is the listener's to report). */
const taken = (error: NodeJS.ErrnoException) => error.code === 'EADDRINUSE' || error.code === 'EACCES';

/** Whether nothing else listens on this port (RTMP is TCP, SRT is UDP). */
export function portIsFree(transport: Transport, host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    if (transport === 'tcp') {
      const server = net.createServer();
      server.once('error', (error) => resolve(!taken(error)));
      server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
      return;
    }
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    socket.once('error', (error) => {
      socket.close();
      resolve(!taken(error));
    });
    socket.bind({ address: host, port, exclusive: true }, () => socket.close(() => resolve(true)));
  });
}

export class PortPool {
  private readonly held = new Set<number>();
  private readonly ranges: readonly PortRange[];
  private readonly isFree: (port: number) => Promise<boolean>;

  constructor(ranges: readonly PortRange[], isFree: (port: number) => Promise<boolean>) {
    this.ranges = ranges;
    this.isFree = isFree;
  }

  /** How many ports the ranges hold: the most channels that may listen at once with this protocol. */
  get size(): number {
    return this.ranges.reduce((sum, range) => sum + range.last - range.first + 1, 0);
  }

  /**
   * A port that is neither held nor in use (nor in `skip`), now held; null when none is left. The
   * search starts at the `preference`-th port of the ranges (modulo their size) and wraps around: a
   * channel that always prefers the same one finds its port again from one session start to the next.
   */
  async acquire(options: { skip?: ReadonlySet<number>; preference?: number } = {}): Promise<number | null> {
    const ports = this.ranges.flatMap((range) => Array.from({ length: range.last - range.first + 1 }, (_, index) => range.first + index));
    const start = ports.length === 0 ? 0 : (options.preference ?? 0) % ports.length;
    for (let index = 0; index < ports.length; index++) {
      const port = ports[(start + index) % ports.length]!;
      if (this.held.has(port) || options.skip?.has(port)) continue;
      // Held before the probe: a concurrent acquire moves on to the next port.
      this.held.add(port);
      if (await this.isFree(port)) return port;
      this.held.delete(port);
    }
    return null;
  }

  release(port: number): void {
    this.held.delete(port);
  }
}
