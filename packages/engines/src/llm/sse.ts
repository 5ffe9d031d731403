/**
 * Server-sent events, as chat servers stream them: text arrives in chunks cut anywhere (inside a
 * line, between `\r` and `\n`); lines end with `\n`, `\r\n` or `\r`; an event is its `data:` lines
 * joined with `\n`, ended by a blank line; lines starting with `:` are comments (keep-alives);
 * other fields (`event:`, `id:`, `retry:`) are not needed here.
 */
export class SseReader {
  private buffer = '';
  private data: string[] = [];

  /** Reads a chunk; returns the data of the events it completed. */
  push(text: string): string[] {
    this.buffer += text;
    const events: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const char = this.buffer[i];
      if (char !== '\n' && char !== '\r') continue;
      // A `\r` at the end may be the first half of `\r\n`: wait for the next chunk.
      if (char === '\r' && i === this.buffer.length - 1) break;
      const line = this.buffer.slice(start, i);
      if (char === '\r' && this.buffer[i + 1] === '\n') i++;
      start = i + 1;
      this.line(line, events);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  /** The stream ended: the events still pending (a last line without its end, an event without its blank line). */
  end(): string[] {
    const events: string[] = [];
    const rest = this.buffer.replace(/\r$/, '');
    this.buffer = '';
    if (rest) this.line(rest, events);
    this.line('', events);
    return events;
  }

  private line(line: string, events: string[]): void {
    if (line === '') {
      if (this.data.length > 0) events.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    if (field === 'data') this.data.push(colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, ''));
  }
}
