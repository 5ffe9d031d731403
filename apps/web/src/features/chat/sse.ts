/**
 * Reads a `text/event-stream` body (the HTML standard's event stream format) as its events: lines
 * end with CR, LF or CRLF, `event:` names the next event (default "message"), `data:` lines are
 * joined with a newline, a blank line dispatches, `:` starts a comment. Chunks may cut a line, a
 * CRLF or a UTF-8 character anywhere: the decoder and the line buffer carry what is incomplete.
 */
export interface StreamEvent {
  event: string;
  data: string;
}

/** Parses an event stream fed chunk by chunk (pure, tested without a network). */
export class EventStreamParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  /** The previous chunk ended with CR: a LF at the start of the next one belongs to it. */
  private pendingCr = false;

  /** The events completed by this chunk of text. */
  push(chunk: string): StreamEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: StreamEvent[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      if (!match) break;
      // A CR at the very end may be the first half of a CRLF split across chunks.
      if (match[0] === '\r' && match.index === this.buffer.length - 1) this.pendingCr = true;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const event = this.line(line);
      if (event) events.push(event);
    }
    return events;
  }

  /** The end of the stream: a last event not followed by a blank line is dropped, as the standard says. */
  end(): StreamEvent[] {
    this.buffer = '';
    this.event = '';
    this.data = [];
    return [];
  }

  private line(line: string): StreamEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const event = { event: this.event || 'message', data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}

/** The events of a response body, as they arrive; stops (and releases the body) when `signal` aborts. */
export async function* readEventStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new EventStreamParser();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        yield* parser.push(decoder.decode());
        yield* parser.end();
        return;
      }
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
