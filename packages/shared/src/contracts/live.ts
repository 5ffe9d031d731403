/**
 * Live sessions at run time (docs/live.md): the audio a channel takes in, the addresses encoders send
 * it to, and the captions the live socket pushes to viewers.
 *
 * Audio in, three ways, all ending in the same place (one transcriber per channel):
 * - RTMP and SRT from encoders (OBS, ffmpeg): one listening address per channel, shown to operators;
 * - the ingest WebSocket at `LIVE_INGEST_PATH` for the browser microphone and scripts: the first
 *   message is a `LiveIngestHello` (JSON text) naming the channel's stream key, the server answers a
 *   `LiveIngestReply`, then every binary message is raw PCM in `LIVE_AUDIO`'s format.
 *
 * Captions out: the session socket (`/cm-api/socket.io`) room "organizationId/sessionId" receives
 * `partial` (the utterance in progress, replaced by the next) and `final` (an utterance the engine
 * will not revise). A final is keyed by channel and `segmentId`: a later final with the same key
 * replaces it (translations arrive that way), so clients upsert.
 */
import { z } from 'zod';

/** What every ingest delivers to the transcribers: 16 kHz, mono, signed 16-bit little-endian PCM. */
export const LIVE_AUDIO = {
  sampleRate: 16000,
  channels: 1,
  bytesPerSample: 2,
  /** The largest binary message the ingest WebSocket takes (one second of audio). */
  maxMessageBytes: 32000,
} as const;

export const LIVE_LIMITS = {
  /** Finals a viewer receives on joining a room, per channel (the most recent). */
  backlog: 500,
  /** A final's text, in characters (longer utterances are cut by the engines long before). */
  textLength: 5000,
  /** Seconds the ingest WebSocket waits for its hello before closing. */
  helloTimeoutSeconds: 10,
  /** Consecutive `broker_ko` notices after which a client closes its socket (docs/PRODUCT.md, Limits: more than 5). */
  brokerDownNotices: 5,
} as const;

export const LIVE_INGEST_PATH = '/cm-api/live/ingest';

export const INGEST_KINDS = ['rtmp', 'srt', 'websocket'] as const;
export type IngestKind = (typeof INGEST_KINDS)[number];

/** The first message on the ingest WebSocket. */
export const zLiveIngestHello = z
  .object({
    type: z.literal('hello'),
    streamKey: z.string().min(1).max(200),
    /** Where the audio comes from, for operators' eyes (default `websocket`). */
    source: z.enum(['microphone', 'websocket']).default('websocket'),
  })
  .strict();
export type LiveIngestHello = z.output<typeof zLiveIngestHello>;

/**
 * The server's text messages on the ingest WebSocket: `ready` once the channel takes audio, `error`
 * (then the socket closes) with an API error code — `not_found` (no channel has this key),
 * `session_status` (the session is not started, or has ended), `conflict` (the channel already
 * receives a stream), `validation_failed` (a bad hello or a message too large), `engine_failed`.
 */
export const zLiveIngestReply = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), sessionId: z.string(), channelIndex: z.number().int(), sampleRate: z.literal(LIVE_AUDIO.sampleRate) }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type LiveIngestReply = z.infer<typeof zLiveIngestReply>;

/** Where a channel's encoders send their audio: shown only to those who operate the session. */
export const zIngestEndpoints = z.object({
  /** `rtmp://host:port/live/{streamKey}`; null when RTMP ingest is off or the session is not started. */
  rtmp: z.string().nullable(),
  /** `srt://host:port?mode=caller&passphrase={streamKey}`; null when SRT ingest is off or the session is not started. */
  srt: z.string().nullable(),
  /** The ingest WebSocket's address (its hello carries the stream key). */
  websocket: z.string(),
});
export type IngestEndpoints = z.infer<typeof zIngestEndpoints>;

const zCaptionWord = z.object({ word: z.string(), start: z.number(), end: z.number(), confidence: z.number() });

/** The utterance in progress on a channel; each replaces the previous one of the channel. */
export const zLivePartial = z.object({
  sessionId: z.string(),
  channelIndex: z.number().int().min(0),
  /** The final this partial will become. */
  segmentId: z.number().int().min(0),
  text: z.string(),
});
export type LivePartial = z.infer<typeof zLivePartial>;

/** An utterance the engine will not revise, with its translations as far as they are known. */
export const zLiveFinal = z.object({
  sessionId: z.string(),
  channelIndex: z.number().int().min(0),
  /** Increasing per channel from 0; a later final with the same id replaces this one. */
  segmentId: z.number().int().min(0),
  text: z.string(),
  /** Seconds since the channel's stream began. */
  start: z.number(),
  end: z.number(),
  /** The language heard. */
  language: z.string(),
  words: z.array(zCaptionWord),
  /** Target language → text, for the channel's translations done so far. */
  translations: z.record(z.string(), z.string()),
  /** When it was heard (ISO date). */
  at: z.string(),
});
export type LiveFinal = z.infer<typeof zLiveFinal>;

/**
 * `broker_ko`: the room's live service cannot transcribe (a channel's transcriber failed and is being
 * restarted, or its node is gone); `broker_ok`: it can again. Clients count consecutive `broker_ko`
 * and close the socket after `LIVE_LIMITS.brokerDownNotices`.
 */
export const zBrokerNotice = z.object({ sessionId: z.string(), channelIndex: z.number().int().min(0).optional() });
export type BrokerNotice = z.infer<typeof zBrokerNotice>;

export type LiveServerEvents = {
  partial: (partial: LivePartial) => void;
  final: (final: LiveFinal) => void;
  broker_ko: (notice: BrokerNotice) => void;
  broker_ok: (notice: BrokerNotice) => void;
};
