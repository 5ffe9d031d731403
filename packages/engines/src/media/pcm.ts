/**
 * Decoding the engines' audio format (16-bit signed little-endian PCM, what ffmpeg's `s16le` and a
 * PCM WAV's data chunk hold) from byte chunks of any size, as streams and sockets deliver them.
 */

/**
 * Turns byte chunks into samples. A chunk may end in the middle of a sample (an odd length, or a
 * split at any byte): that low byte is kept and completes the first sample of the next chunk, so
 * the sample stream never shifts by one byte, which would turn the audio into noise.
 */
export class Pcm16Decoder {
  private carry: number | null = null;

  /** The whole samples `chunk` completes, in order. */
  decode(chunk: Uint8Array): Int16Array {
    const skip = this.carry !== null && chunk.length > 0 ? 1 : 0;
    const samples = new Int16Array(skip + Math.floor((chunk.length - skip) / 2));
    let n = 0;
    if (skip) {
      // Assigning to an Int16Array wraps the 16-bit value into the signed range, the same
      // two's-complement reading getInt16 does: 0xffff is -1, 0x8000 is -32768.
      samples[n++] = (chunk[0]! << 8) | this.carry!;
      this.carry = null;
    }
    // A DataView, not an Int16Array over the chunk's memory: a Buffer slice may start at an odd
    // offset (an Int16Array view needs two-byte alignment), and a typed view reads in the machine's
    // byte order where the format is little-endian whatever the machine.
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let i = skip;
    for (; i + 1 < chunk.length; i += 2) samples[n++] = view.getInt16(i, true);
    if (i < chunk.length) this.carry = chunk[i]!;
    return samples;
  }
}
