/**
 * When each moment of a channel's audio reached the server, for the live caption latency (metrics):
 * after every write, the channel time reached and the clock. A caption ending at channel time T was
 * heard once the first write reaching T arrived; its latency is the time from then to its emission.
 * Only the recent writes are kept (captions end within seconds of their audio).
 */
export class AudioArrivals {
  private marks: Array<{ time: number; at: number }> = [];
  /** Channel time up to which marks were dropped: earlier moments are unknown. */
  private forgottenUpTo = Number.NEGATIVE_INFINITY;
  private readonly limit: number;

  constructor(limit = 4096) {
    this.limit = limit;
  }

  /** The audio up to `time` (channel seconds) arrived at `at` (milliseconds). */
  note(time: number, at: number): void {
    this.marks.push({ time, at });
    if (this.marks.length > this.limit * 2) {
      const dropped = this.marks.length - this.limit;
      this.forgottenUpTo = this.marks[dropped - 1]!.time;
      this.marks = this.marks.slice(dropped);
    }
  }

  /** When the audio at channel time `time` arrived; null when it has not, or was forgotten. */
  arrivalOf(time: number): number | null {
    if (time <= this.forgottenUpTo) return null;
    let low = 0;
    let high = this.marks.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.marks[middle]!.time >= time) high = middle;
      else low = middle + 1;
    }
    return this.marks[low]?.at ?? null;
  }
}
