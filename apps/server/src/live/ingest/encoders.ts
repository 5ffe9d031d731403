/**
 * The RTMP and SRT listeners of this process (docs/live.md, "Encoders: RTMP and SRT"): each channel
 * that listens holds one port per protocol from the configured ranges (their size bounds how many
 * channels listen at once) and one ffmpeg process per protocol waiting for its encoder
 * (channel-listener.ts). Stream keys never reach the log.
 */
import type { Config } from '../../config.ts';
import type { Logger } from '../../context.ts';
import { ChannelListener } from './channel-listener.ts';
import { ENCODER_KEY, RTMP, SRT, type EncoderProtocol, type EncoderProtocolSpec } from './encoder-protocols.ts';
import type { EncoderListeners, IngestGate } from './gate.ts';
import { PortPool, portIsFree } from './ports.ts';

export interface EncoderListenersOptions {
  /** The ffmpeg program (default `ffmpeg` on the PATH). */
  ffmpegPath?: string;
}

interface Channel {
  listeners: Partial<Record<EncoderProtocol, ChannelListener>>;
  /** Settles once every protocol has its port, or found none free. */
  started: Promise<void>;
}

export function createEncoderListeners(
  config: { liveIngest: Pick<Config['liveIngest'], 'bindHost' | 'publicHost' | 'rtmpPorts' | 'srtPorts'> },
  gate: IngestGate,
  log: Logger,
  options: EncoderListenersOptions = {},
): EncoderListeners {
  const { bindHost, publicHost, rtmpPorts, srtPorts } = config.liveIngest;
  const protocols: { spec: EncoderProtocolSpec; ports: PortPool }[] = [];
  for (const [spec, ranges] of [
    [RTMP, rtmpPorts],
    [SRT, srtPorts],
  ] as const) {
    if (ranges) protocols.push({ spec, ports: new PortPool(ranges, (port) => portIsFree(spec.transport, bindHost, port)) });
  }
  const channels = new Map<string, Channel>();
  let closed = false;

  const release = async (streamKey: string) => {
    const channel = channels.get(streamKey);
    if (!channel) return;
    channels.delete(streamKey);
    await channel.started;
    await Promise.all(Object.values(channel.listeners).map((listener) => listener.stop()));
  };

  /** Starts the protocols the channel does not listen with yet (none had a free port before). */
  const startMissing = async (streamKey: string, channel: Channel) => {
    for (const { spec, ports } of protocols) {
      if (channels.get(streamKey) !== channel) return;
      const previous = channel.listeners[spec.kind];
      if (previous?.port != null) continue;
      // A listener that gave up (its ports were taken meanwhile, or ffmpeg is missing) is replaced.
      await previous?.stop();
      const listener = new ChannelListener({
        streamKey,
        protocol: spec,
        bindHost,
        gate,
        ports,
        log,
        onSinkClosed: () => {
          if (channels.get(streamKey) === channel) void release(streamKey);
        },
        ffmpegPath: options.ffmpegPath,
      });
      channel.listeners[spec.kind] = listener;
      if (!(await listener.start())) {
        delete channel.listeners[spec.kind];
        log.warn({ kind: spec.kind, ports: ports.size }, 'every encoder port is taken: the channel takes no stream of this kind');
      }
    }
  };

  const listen = async (streamKey: string) => {
    if (closed || protocols.length === 0) return;
    if (!ENCODER_KEY.test(streamKey)) {
      log.warn('a stream key that encoders cannot carry: the channel takes no RTMP or SRT stream');
      return;
    }
    let channel = channels.get(streamKey);
    if (!channel) {
      channel = { listeners: {}, started: Promise.resolve() };
      channels.set(streamKey, channel);
    }
    const listening = channel;
    channel.started = channel.started.then(() => startMissing(streamKey, listening)).catch((error: unknown) => log.error({ err: error }, 'encoder listeners not started'));
    return channel.started;
  };

  return {
    listen,
    release,
    addresses(streamKey) {
      const listeners = channels.get(streamKey)?.listeners;
      const address = (spec: EncoderProtocolSpec) => {
        const port = listeners?.[spec.kind]?.port;
        return port == null ? null : spec.address(publicHost, port, streamKey);
      };
      return { rtmp: address(RTMP), srt: address(SRT) };
    },
    async close() {
      closed = true;
      await Promise.all([...channels.keys()].map((streamKey) => release(streamKey)));
    },
  };
}
