/**
 * The operator's microphone on the live page: permission, the audio input devices, a level meter and
 * mute detection while it is on, and sending its audio to a channel through the ingest WebSocket
 * (the hello names the channel's stream key with `source: 'microphone'`).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { IngestConnection, ingestUrl, type IngestState } from './ingest.ts';
import { meterValue, nextMuteState, NOT_MUTED, type MuteState } from './level.ts';
import { FRAME_SECONDS, WORKLET_FORMAT } from './audioFormat.ts';
import type { WorkletFrame } from './pcm.ts';
import workletUrl from './pcm-worklet.ts?worker&url';

/** off → asking → on; denied (permission refused), missing (no input), unsupported (no audio worklet), failed. */
export type MicrophoneStatus = 'off' | 'asking' | 'on' | 'denied' | 'missing' | 'unsupported' | 'failed';

interface Capture {
  stream: MediaStream;
  context: AudioContext;
  node: AudioWorkletNode;
}

function failure(error: unknown): MicrophoneStatus {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

async function audioInputs(): Promise<MediaDeviceInfo[]> {
  return (await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'audioinput');
}

export interface Microphone {
  status: MicrophoneStatus;
  devices: MediaDeviceInfo[];
  deviceId: string | null;
  /** 0..100 for the meter. */
  level: number;
  muted: boolean;
  /** The ingest's state while sending (null: not sending). */
  ingest: IngestState | null;
  start(deviceId?: string | null): Promise<void>;
  stop(): void;
  send(streamKey: string, address?: string | null): void;
  stopSending(): void;
}

export function useMicrophone(): Microphone {
  const [status, setStatus] = useState<MicrophoneStatus>('off');
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [level, setLevel] = useState(0);
  const [mute, setMute] = useState<MuteState>(NOT_MUTED);
  const [ingest, setIngest] = useState<IngestState | null>(null);
  const capture = useRef<Capture | null>(null);
  const connection = useRef<IngestConnection | null>(null);
  const muteRef = useRef<MuteState>(NOT_MUTED);

  const release = useCallback(() => {
    const current = capture.current;
    capture.current = null;
    if (!current) return;
    current.node.port.onmessage = null;
    current.node.disconnect();
    current.stream.getTracks().forEach((track) => track.stop());
    void current.context.close();
  }, []);

  const stopSending = useCallback(() => {
    const current = connection.current;
    connection.current = null;
    current?.stop();
    setIngest(null);
  }, []);

  const stop = useCallback(() => {
    stopSending();
    release();
    setStatus('off');
    setLevel(0);
    muteRef.current = NOT_MUTED;
    setMute(NOT_MUTED);
  }, [release, stopSending]);

  const start = useCallback(
    async (wanted?: string | null) => {
      if (!navigator.mediaDevices?.getUserMedia || typeof AudioWorkletNode === 'undefined') {
        setStatus('unsupported');
        return;
      }
      release();
      setStatus('asking');
      try {
        const stream = await navigator.mediaDevices.getUserMedia({
          audio: { deviceId: wanted ? { exact: wanted } : undefined, channelCount: 1, echoCancellation: true, noiseSuppression: true },
        });
        const context = new AudioContext();
        await context.audioWorklet.addModule(workletUrl);
        const node = new AudioWorkletNode(context, 'palabre-pcm', {
          numberOfInputs: 1,
          numberOfOutputs: 1,
          channelCount: 1,
          channelCountMode: 'explicit',
          processorOptions: WORKLET_FORMAT,
        });
        // Pulled by the graph through a silent gain: nothing is played back.
        const silent = context.createGain();
        silent.gain.value = 0;
        context.createMediaStreamSource(stream).connect(node);
        node.connect(silent).connect(context.destination);
        const track = stream.getAudioTracks()[0];
        node.port.onmessage = (event: MessageEvent<WorkletFrame>) => {
          const { frame, level: rmsLevel } = event.data;
          connection.current?.send(frame);
          setLevel(meterValue(rmsLevel));
          const next = nextMuteState(muteRef.current, rmsLevel, FRAME_SECONDS, track?.muted ?? false);
          if (next.muted !== muteRef.current.muted) setMute(next);
          muteRef.current = next;
        };
        capture.current = { stream, context, node };
        if (context.state === 'suspended') await context.resume();
        setDeviceId(track?.getSettings().deviceId ?? wanted ?? null);
        // Device names are only given once permission is granted.
        setDevices(await audioInputs());
        setStatus('on');
      } catch (error) {
        release();
        setStatus(failure(error));
      }
    },
    [release],
  );

  const send = useCallback((streamKey: string, address?: string | null) => {
    const previous = connection.current;
    connection.current = null;
    previous?.stop();
    setIngest({ phase: 'connecting' });
    const opened: IngestConnection = new IngestConnection(ingestUrl(window.location, address), { type: 'hello', streamKey, source: 'microphone' }, (state) => {
      // A connection replaced or stopped since speaks no more.
      if (connection.current !== opened) return;
      setIngest(state);
      if (state.phase === 'failed' || state.phase === 'closed') connection.current = null;
    });
    connection.current = opened;
  }, []);

  // A device plugged in or out while the microphone is on.
  useEffect(() => {
    if (status !== 'on') return;
    const refresh = () => void audioInputs().then(setDevices);
    navigator.mediaDevices.addEventListener('devicechange', refresh);
    return () => navigator.mediaDevices.removeEventListener('devicechange', refresh);
  }, [status]);

  // Leaving the page stops everything.
  useEffect(
    () => () => {
      connection.current?.stop();
      connection.current = null;
      release();
    },
    [release],
  );

  return { status, devices, deviceId, level, muted: mute.muted, ingest, start, stop, send, stopSending };
}
