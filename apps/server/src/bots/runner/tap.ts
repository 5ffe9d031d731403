/**
 * The page side of a bot, installed before any of the meeting's scripts (`page.addInitScript`):
 *
 * - The call's audio is tapped: every remote WebRTC audio track (RTCPeerConnection is wrapped to see
 *   them) and every playing <audio>/<video> element feed one AudioContext at 16 kHz, whose
 *   AudioWorklet hands 100 ms blocks of 16-bit PCM to the runner (the `__palabreAudio` binding,
 *   base64). A remote track is silent to Web Audio unless it also plays in a media element: each is
 *   attached to a muted <audio> element too.
 * - The bot has no microphone nor camera: getUserMedia and getDisplayMedia are refused and no
 *   device is listed, so it sends no media whatever the page tries.
 * - `window.__palabreTap` tells the runner how many sources play and how many remote audio tracks
 *   are live (the generic service's "someone is there").
 *
 * This function is serialised into the page: it must not use anything from outside itself.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page code: the server is compiled without the DOM's types */
declare const window: any;
declare const document: any;
declare const navigator: any;
declare const AudioContext: any;
declare const AudioWorkletNode: any;
declare const MediaStream: any;
declare const HTMLMediaElement: any;
declare const DOMException: any;
declare const btoa: (text: string) => string;
type MediaStreamTrack = any;
type RTCPeerConnection = any;
type MediaStreamLike = any;

export function installTap(): void {
  const w = window;
  if (w.__palabreTap) return;
  const BLOCK = 1600;
  const workletSource = `
    class PalabreTap extends AudioWorkletProcessor {
      constructor() { super(); this.block = new Int16Array(${BLOCK}); this.filled = 0; }
      process(inputs) {
        const channels = inputs[0] || [];
        const length = channels[0] ? channels[0].length : 128;
        for (let i = 0; i < length; i++) {
          let sum = 0;
          for (const channel of channels) sum += channel[i];
          const value = channels.length > 0 ? Math.max(-1, Math.min(1, sum / channels.length)) : 0;
          this.block[this.filled++] = value < 0 ? value * 32768 : value * 32767;
          if (this.filled === ${BLOCK}) {
            this.port.postMessage(this.block.buffer, [this.block.buffer]);
            this.block = new Int16Array(${BLOCK});
            this.filled = 0;
          }
        }
        return true;
      }
    }
    registerProcessor('palabre-tap', PalabreTap);`;

  let context: any = null;
  let input: any = null;
  const pending: MediaStreamLike[] = [];
  const remote: Array<{ track: MediaStreamTrack; pc: RTCPeerConnection }> = [];
  const elements = new WeakSet<object>();
  let elementSources = 0;
  const players: any[] = [];

  function toBase64(buffer: ArrayBuffer): string {
    const bytes = new Uint8Array(buffer);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }

  async function start(): Promise<void> {
    context = new AudioContext({ sampleRate: 16000 });
    const url = URL.createObjectURL(new Blob([workletSource], { type: 'application/javascript' }));
    await context.audioWorklet.addModule(url);
    const node = new AudioWorkletNode(context, 'palabre-tap', {
      numberOfInputs: 1,
      numberOfOutputs: 0,
      channelCount: 1,
      channelCountMode: 'explicit',
      channelInterpretation: 'speakers',
    });
    node.port.onmessage = (event: { data: ArrayBuffer }) => {
      const send = w.__palabreAudio;
      if (typeof send === 'function') void send(toBase64(event.data));
    };
    input = node;
    if (context.state !== 'running') await context.resume().catch(() => undefined);
    for (const stream of pending.splice(0)) connect(stream);
  }

  function connect(stream: MediaStreamLike): void {
    if (!context || !input) return void pending.push(stream);
    context.createMediaStreamSource(stream).connect(input);
  }

  function attachRemote(track: MediaStreamTrack, pc: RTCPeerConnection): void {
    if (track.kind !== 'audio' || remote.some((entry) => entry.track === track)) return;
    remote.push({ track, pc });
    track.addEventListener('ended', () => {
      const index = remote.findIndex((entry) => entry.track === track);
      if (index >= 0) remote.splice(index, 1);
    });
    const stream = new MediaStream([track]);
    const player = document.createElement('audio');
    player.muted = true;
    player.autoplay = true;
    player.srcObject = stream;
    elements.add(player);
    players.push(player);
    void player.play().catch(() => undefined);
    connect(stream);
  }

  const NativeConnection = w.RTCPeerConnection;
  if (NativeConnection) {
    class TappedConnection extends NativeConnection {
      constructor(...args: unknown[]) {
        super(...args);
        (this as any).addEventListener('track', (event: any) => attachRemote(event.track, this));
      }
    }
    w.RTCPeerConnection = TappedConnection;
    w.webkitRTCPeerConnection = TappedConnection;
  }

  // Media elements of the page playing something else than a call's streams (those are tapped above).
  document.addEventListener(
    'play',
    (event: any) => {
      const element = event.target;
      if (!(element instanceof HTMLMediaElement) || elements.has(element) || element.srcObject) return;
      elements.add(element);
      const capture = element.captureStream;
      if (!capture) return;
      const stream = capture.call(element);
      if (stream.getAudioTracks().length === 0) return;
      elementSources += 1;
      connect(stream);
    },
    true,
  );

  const refuse = () => Promise.reject(new DOMException('The bot has no microphone nor camera', 'NotAllowedError'));
  const devices = navigator.mediaDevices;
  if (devices) {
    Object.defineProperty(devices, 'getUserMedia', { value: refuse, configurable: true });
    Object.defineProperty(devices, 'getDisplayMedia', { value: refuse, configurable: true });
    Object.defineProperty(devices, 'enumerateDevices', { value: () => Promise.resolve([]), configurable: true });
  }

  const liveTracks = () =>
    remote.filter(
      ({ track, pc }) => track.readyState === 'live' && !track.muted && pc.connectionState !== 'closed' && pc.connectionState !== 'failed' && pc.connectionState !== 'disconnected',
    ).length;
  w.__palabreTap = { liveTracks, sources: () => liveTracks() + elementSources };
  void start().catch(() => undefined);
}
