/**
 * Entry point of a decoder child process (forked by `stream.ts` with an IPC channel and advanced
 * serialization). One process holds one decoder: the library is loaded here, never in the server,
 * so a crash in native code ends this process only, and `ps_end_utt` (up to ~0.3 s) never blocks
 * the server's event loop. The process exits when its parent disconnects.
 */
import { Pcm16Decoder } from '../media/pcm.ts';
import { LiveDecoder } from './decoder.ts';
import { loadSphinxLibrary } from './library.ts';
import type { FromDecoder, ToDecoder } from './protocol.ts';

let decoder: LiveDecoder | null = null;
const pcm = new Pcm16Decoder();

function send(message: FromDecoder): void {
  process.send?.(message);
}

/** Frees the decoder; the parent then disconnects, which ends this process (see below). */
function close(): void {
  decoder?.free();
  decoder = null;
}

function handle(message: ToDecoder): void {
  switch (message.type) {
    case 'probe':
      loadSphinxLibrary(message.library);
      send({ type: 'ready' });
      return;
    case 'open': {
      let lib;
      try {
        lib = loadSphinxLibrary(message.library);
      } catch (error) {
        send({ type: 'error', message: `the PocketSphinx library cannot be loaded: ${(error as Error).message}`, unavailable: true });
        close();
        return;
      }
      decoder = new LiveDecoder(lib, { args: message.args, blockSamples: message.blockSamples });
      send({ type: 'ready' });
      return;
    }
    case 'audio': {
      if (!decoder) throw new Error('audio before the decoder was opened');
      for (const event of decoder.process(pcm.decode(message.pcm))) send(event);
      send({ type: 'processed', bytes: message.pcm.byteLength });
      return;
    }
    case 'end': {
      if (!decoder) throw new Error('end before the decoder was opened');
      for (const event of decoder.finish()) send(event);
      close();
      send({ type: 'ended' });
      return;
    }
    case 'abort':
      close();
      return;
  }
}

process.on('message', (message: ToDecoder) => {
  try {
    handle(message);
  } catch (error) {
    send({ type: 'error', message: (error as Error).message, unavailable: false });
    close();
  }
});
// The parent disconnects once it has read everything, or dies: either way this process is done.
process.on('disconnect', () => {
  close();
  process.exit(0);
});
