/** PocketSphinx's live streams (library decoder in a child process) against the streaming contract. */
import { createPocketSphinxEngine } from '../src/pocketsphinx/engine.ts';
import { liveSphinxDecoders } from '../src/pocketsphinx/stream.ts';
import { describeStreamingContract } from './support/streaming-contract.ts';

const engine = createPocketSphinxEngine();

describeStreamingContract('pocketsphinx', {
  open: (options) => engine.openStream(options),
  // 31.8 % measured in 100 ms blocks.
  maxWer: 0.35,
  liveResources: liveSphinxDecoders,
});
