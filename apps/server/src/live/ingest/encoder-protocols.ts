/**
 * RTMP and SRT as ffmpeg listens for them, and as operators paste them into OBS or ffmpeg. The stream
 * key is the secret of both: RTMP's stream name (`rtmp://host:port/live/{key}`, ffmpeg only warns
 * about another name: the listener disconnects such an encoder), SRT's passphrase (the handshake
 * fails without it, the stream is encrypted with it). ffmpeg reads the listening address from its
 * stdin, as a one-file concat script (`ffconcat`), never from its command line: any local user may
 * read a process's command line.
 */
import net from 'node:net';
import type { Transport } from './ports.ts';
import { ENCODER_SILENCE_TIMEOUT_SECONDS, type ListenerInput } from './ffmpeg-listener.ts';

export type EncoderProtocol = 'rtmp' | 'srt';

/** The RTMP application encoders publish to: `rtmp://host:port/live`, the key being the stream name. */
export const RTMP_APPLICATION = 'live';

/**
 * Keys both protocols carry as they are: URL-safe characters (no escaping anywhere), and a length
 * SRT takes as passphrase (10 to 64 characters with the libsrt ffmpeg is built with; stream keys are 43).
 */
export const ENCODER_KEY = /^[A-Za-z0-9_-]{10,64}$/;

export interface EncoderProtocolSpec {
  kind: EncoderProtocol;
  transport: Transport;
  /** What ffmpeg is given to wait for this channel's encoder on `host:port`. */
  input(bindHost: string, port: number, streamKey: string): ListenerInput;
  /** The address an encoder sends to. */
  address(publicHost: string, port: number, streamKey: string): string;
}

/** A host as it stands in a URL (IPv6 addresses in brackets). */
export const urlHost = (host: string) => (net.isIPv6(host) ? `[${host}]` : host);

const microseconds = (seconds: number) => String(seconds * 1_000_000);

/**
 * A concat script of one input: its address (keys, hosts and ports hold no quote) and the options it
 * is opened with. Probing stops after half a second of the encoder's stream, as for the script itself.
 */
const script = (url: string, options: Record<string, string> = {}) =>
  ['ffconcat version 1.0', `file '${url}'`, ...Object.entries({ ...options, analyzeduration: '500000' }).map(([key, value]) => `option ${key} ${value}`), ''].join('\n');

export const RTMP: EncoderProtocolSpec = {
  kind: 'rtmp',
  transport: 'tcp',
  input: (host, port, key) => ({
    script: script(`rtmp://${urlHost(host)}:${port}/${RTMP_APPLICATION}/${key}`, { listen: '1', rw_timeout: microseconds(ENCODER_SILENCE_TIMEOUT_SECONDS) }),
    protocols: ['rtmp', 'tcp'],
    // ffmpeg logs these as warnings and goes on with the stream: an encoder naming another stream or
    // application is not this channel's.
    refusal: /App field don't match up|Unexpected stream/,
  }),
  address: (host, port, key) => `rtmp://${urlHost(host)}:${port}/${RTMP_APPLICATION}/${key}`,
};

export const SRT: EncoderProtocolSpec = {
  kind: 'srt',
  transport: 'udp',
  input: (host, port, key) => ({
    script: script(`srt://${urlHost(host)}:${port}?mode=listener&passphrase=${key}&timeout=${microseconds(ENCODER_SILENCE_TIMEOUT_SECONDS)}`),
    protocols: ['srt', 'udp'],
  }),
  address: (host, port, key) => `srt://${urlHost(host)}:${port}?mode=caller&passphrase=${key}`,
};
