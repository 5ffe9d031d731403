/**
 * A tiny videoconference on 127.0.0.1 for bot tests and the bot bench: an HTTP page and WebSocket
 * signalling where peers exchange offers and answers and connect over WebRTC (host candidates, no
 * STUN). A "speaker" — a Chromium started here whose microphone is a WAV file — joins and sends its
 * microphone to every other peer. `participants()` counts the peers connected to the signalling.
 * The page also offers the part of Jitsi Meet's `APP` object the Jitsi module reads (joined, the
 * others, text messages), so a bot can be sent as `jitsi` and its captions read back with `chat()`.
 * Everything stops with `close()` (and the speaker's Chromium dies with this process).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { WebSocketServer, type WebSocket } from 'ws';

export interface LoopbackMeeting {
  /** The meeting page (http://127.0.0.1:<port>/room). */
  url: string;
  /** Peers in the meeting now (the speaker included). */
  participants(): number;
  /** The text messages posted in the meeting, oldest first. */
  chat(): string[];
  /** The speaker leaves (its browser closes): whoever stays is alone. */
  speakerLeaves(): Promise<void>;
  close(): Promise<void>;
}

const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Loopback meeting</title></head>
<body><h1>Loopback meeting</h1><ul id="peers"></ul>
<script>
const speak = new URLSearchParams(location.search).has('speak');
const peers = new Map();
let me = null;
let microphone = null;
const socket = new WebSocket('ws://' + location.host + '/signal');
const send = (message) => socket.send(JSON.stringify(message));
window.APP = { conference: {
  isJoined: () => me !== null && socket.readyState === WebSocket.OPEN,
  _room: { getParticipants: () => [...peers.keys()].map((id) => ({ id })), sendTextMessage: (text) => send({ type: 'chat', text }) },
} };
function connection(id) {
  const pc = new RTCPeerConnection({ iceServers: [] });
  peers.set(id, pc);
  pc.onicecandidate = (event) => { if (event.candidate) send({ type: 'candidate', to: id, candidate: event.candidate }); };
  if (microphone) for (const track of microphone.getTracks()) pc.addTrack(track, microphone);
  else pc.addTransceiver('audio', { direction: 'recvonly' });
  return pc;
}
socket.onmessage = async (event) => {
  const message = JSON.parse(event.data);
  if (message.type === 'welcome') {
    me = message.id;
    if (speak) microphone = await navigator.mediaDevices.getUserMedia({ audio: true });
    send({ type: 'ready' });
  } else if (message.type === 'peers') {
    for (const id of message.ids) {
      const pc = connection(id);
      await pc.setLocalDescription(await pc.createOffer());
      send({ type: 'offer', to: id, description: pc.localDescription });
    }
  } else if (message.type === 'offer') {
    const pc = peers.get(message.from) || connection(message.from);
    await pc.setRemoteDescription(message.description);
    await pc.setLocalDescription(await pc.createAnswer());
    send({ type: 'answer', to: message.from, description: pc.localDescription });
  } else if (message.type === 'answer') {
    await peers.get(message.from)?.setRemoteDescription(message.description);
  } else if (message.type === 'candidate') {
    await peers.get(message.from)?.addIceCandidate(message.candidate).catch(() => undefined);
  } else if (message.type === 'left') {
    peers.get(message.id)?.close();
    peers.delete(message.id);
  }
};
</script></body></html>`;

export async function startLoopbackMeeting(options: { speakerWav: string; chromiumPath?: string }): Promise<LoopbackMeeting> {
  const server = http.createServer((request, response) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== '/room') return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(PAGE);
  });
  const wss = new WebSocketServer({ server, path: '/signal' });
  const sockets = new Map<string, WebSocket>();
  const chat: string[] = [];
  let next = 0;
  wss.on('connection', (socket) => {
    const id = `p${++next}`;
    socket.send(JSON.stringify({ type: 'welcome', id }));
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; to?: string; text?: unknown };
      if (message.type === 'chat' && typeof message.text === 'string') chat.push(message.text);
      else if (message.type === 'ready') {
        // The newcomer offers to everyone already there.
        socket.send(JSON.stringify({ type: 'peers', ids: [...sockets.keys()] }));
        sockets.set(id, socket);
      } else if (message.to) sockets.get(message.to)?.send(JSON.stringify({ ...message, from: id }));
    });
    socket.on('close', () => {
      sockets.delete(id);
      for (const other of sockets.values()) other.send(JSON.stringify({ type: 'left', id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/room`;

  let speaker: Browser | null = await chromium.launch({
    executablePath: options.chromiumPath ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.speakerWav}`,
      '--autoplay-policy=no-user-gesture-required',
      '--disable-gpu',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
      '--no-first-run',
    ],
  });
  const page = await speaker.newPage();
  await page.goto(`${url}?speak=1`);
  const deadline = Date.now() + 15_000;
  while (sockets.size < 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (sockets.size < 1) throw new Error('the speaker did not join the loopback meeting');

  const speakerLeaves = async () => {
    const browser = speaker;
    speaker = null;
    await browser?.close();
  };
  return {
    url,
    participants: () => sockets.size,
    chat: () => [...chat],
    speakerLeaves,
    async close() {
      await speakerLeaves();
      for (const socket of wss.clients) socket.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
