/**
 * A forward proxy on 127.0.0.1 that applies the outbound-address policy to every connection, for
 * programs we run but do not control (yt-dlp): they are told to use it, and whatever URL they
 * discover (pages, media, redirects) is resolved, checked and pinned here. Plain http requests are
 * forwarded one by one (never following redirects: the client's next request is checked again);
 * https goes through CONNECT to the checked address. A refusal answers 403 with no detail.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import { Readable } from 'node:stream';
import { OutboundRefused, pinnedRequest, resolveChecked, resolveHost, type OutboundPolicy } from './outbound.ts';

export interface PolicyProxy {
  /** http://127.0.0.1:port */
  url: string;
  /** How many connections the policy refused. */
  refused(): number;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-authorization', 'proxy-authenticate', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

/** `onBytes` is told how many bytes come back from upstream servers (a caller's rate floor). */
export async function startPolicyProxy(policy: OutboundPolicy, onBytes?: (bytes: number) => void): Promise<PolicyProxy> {
  let refused = 0;
  const sockets = new Set<Socket>();

  const handleRequest = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    try {
      const target = await resolveChecked(policy, request.url ?? '');
      if (target.url.protocol !== 'http:') throw new OutboundRefused('https goes through CONNECT');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const hasBody = request.headers['content-length'] !== undefined || request.headers['transfer-encoding'] !== undefined;
      const upstream = await pinnedRequest(target, { method: request.method ?? 'GET', headers, body: hasBody ? Readable.from(request) : null });
      const answer: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) answer[name] = value;
      response.writeHead(upstream.statusCode ?? 502, answer);
      if (onBytes) upstream.on('data', (chunk: Buffer) => onBytes(chunk.length));
      upstream.pipe(response);
      upstream.on('error', () => response.destroy());
    } catch (error) {
      if (error instanceof OutboundRefused) refused++;
      if (!response.headersSent) response.writeHead(error instanceof OutboundRefused ? 403 : 502, { 'content-type': 'text/plain' }).end('not allowed\n');
      else response.destroy();
    }
  };
  const handleConnect = async (request: http.IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => client.destroy());
    try {
      const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(request.url ?? '');
      if (!match) throw new OutboundRefused('not a host and port');
      const { address } = await resolveHost(policy, match[1]!);
      const upstream = net.connect({ host: address, port: Number(match[2]) });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
      upstream.once('connect', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        if (onBytes) upstream.on('data', (chunk: Buffer) => onBytes(chunk.length));
        upstream.pipe(client);
        client.pipe(upstream);
      });
    } catch (error) {
      if (error instanceof OutboundRefused) refused++;
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
    }
  };

  // Both handlers answer every failure themselves; nothing is left to reject.
  const server = http.createServer((request, response) => void handleRequest(request, response));
  server.on('connect', (request: http.IncomingMessage, client: Socket, head: Buffer) => void handleConnect(request, client, head));

  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused: () => refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
