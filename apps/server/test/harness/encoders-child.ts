/**
 * A process that listens for one channel's RTMP encoder and prints the address, then waits: the test
 * of encoder listeners kills it abruptly and checks that its ffmpeg does not outlive it.
 */
import { createEncoderListeners } from '../../src/live/ingest/encoders.ts';

const [key = '', port = ''] = process.argv.slice(2);
const silent = () => undefined;
const listeners = createEncoderListeners(
  { liveIngest: { bindHost: '127.0.0.1', publicHost: '127.0.0.1', rtmpPorts: [{ first: Number(port), last: Number(port) }], srtPorts: null } },
  { open: () => Promise.reject(new Error('no channel here')) },
  { info: silent, warn: silent, error: silent },
);
await listeners.listen(key);
process.stdout.write(`${listeners.addresses(key).rtmp}\n`);
setInterval(() => undefined, 60_000);
