/**
 * A TCP proxy on loopback that delays every chunk by half a round trip each way (order kept, no
 * bandwidth limit): the browser benches' way to measure a page as over a network rather than on
 * loopback. Everything the page says goes through it, HTTP and WebSocket alike.
 */
import net from 'node:net';

export interface LatencyProxy {
  url: string;
  close(): Promise<void>;
}

function delayed(from: net.Socket, to: net.Socket, delayMs: number): void {
  from.on('data', (chunk) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delayMs);
  });
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
  from.on('close', () => setTimeout(() => to.destroy(), delayMs));
}

/** A proxy to `target` (an http://127.0.0.1:port URL) adding `roundTripMs` to every round trip. */
export async function startLatencyProxy(target: string, roundTripMs: number): Promise<LatencyProxy> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    delayed(client, upstream, roundTripMs / 2);
    delayed(upstream, client, roundTripMs / 2);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
