import { describe, expect, it } from 'vitest';
import { EventStreamParser, readEventStream, type StreamEvent } from './sse.ts';
import { ChatStreamError, followAnswer } from './stream.ts';

/** A body delivering the given byte chunks one by one. */
function body(chunks: Array<string | Uint8Array>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

const message = (content: string) => ({ _id: content, role: 'assistant', content, citations: [], error: null, createdAt: '2026-01-01T00:00:00.000Z' });

describe('EventStreamParser', () => {
  it('reads named events, joins data lines and skips comments', () => {
    const parser = new EventStreamParser();
    const events = parser.push(': keep-alive\n\nevent: delta\ndata: {"text":"Hel\ndata: lo"}\n\ndata:plain\n\n');
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"Hel\nlo"}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('accepts CR, LF and CRLF line ends, a CRLF split between chunks included', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: a\r\ndata: 1\r')).toEqual([]);
    expect(parser.push('\n\r\nevent: b\rdata: 2\r\r')).toEqual([
      { event: 'a', data: '1' },
      { event: 'b', data: '2' },
    ]);
  });

  it('resets the event name after each dispatch and ignores an event without data', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: ping\n\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x' }]);
  });

  it('drops an event the stream ends before its blank line', () => {
    const parser = new EventStreamParser();
    expect(parser.push('event: delta\ndata: cut')).toEqual([]);
    expect(parser.end()).toEqual([]);
  });
});

describe('readEventStream', () => {
  it('reads events whatever the cuts between chunks, inside lines and UTF-8 characters', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"déjà"}\n\nevent: done\ndata: {}\n\n');
    // Every possible cut of the stream in three chunks gives the same events.
    for (let a = 1; a < bytes.length - 1; a += 3) {
      const b = Math.min(bytes.length - 1, a + 7);
      const events = await collect(readEventStream(body([bytes.slice(0, a), bytes.slice(a, b), bytes.slice(b)])));
      expect(events).toEqual([
        { event: 'delta', data: '{"text":"déjà"}' },
        { event: 'done', data: '{}' },
      ]);
    }
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    let pull = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(stream) {
        pull += 1;
        stream.enqueue(new TextEncoder().encode(`data: ${pull}\n\n`));
      },
    });
    const seen: string[] = [];
    for await (const event of readEventStream(endless, controller.signal)) {
      seen.push(event.data);
      if (seen.length === 3) controller.abort();
    }
    expect(seen.slice(0, 3)).toEqual(['1', '2', '3']);
    expect(seen.length).toBeLessThan(6);
  });
});

describe('followAnswer', () => {
  it('passes the deltas on and answers the saved messages at done', async () => {
    const done = { question: { ...message('Who?'), role: 'user' }, answer: message('Alice [T1]') };
    const deltas: string[] = [];
    const answer = await followAnswer(
      readEventStream(body(['event: delta\ndata: {"text":"Alice "}\n\nevent: del', 'ta\ndata: {"text":"[T1]"}\n\n', `event: done\ndata: ${JSON.stringify(done)}\n\n`])),
      (text) => deltas.push(text),
    );
    expect(deltas).toEqual(['Alice ', '[T1]']);
    expect(answer.answer.content).toBe('Alice [T1]');
  });

  it('throws the error event’s code after the deltas that came', async () => {
    const deltas: string[] = [];
    const failed = followAnswer(readEventStream(body(['event: delta\ndata: {"text":"Part"}\n\n', 'event: error\ndata: {"code":"model_unavailable"}\n\n'])), (text) =>
      deltas.push(text),
    );
    await expect(failed).rejects.toMatchObject({ code: 'model_unavailable' });
    expect(deltas).toEqual(['Part']);
  });

  it('reports a stream cut before done as a network error', async () => {
    const failed = followAnswer(readEventStream(body(['event: delta\ndata: {"text":"Part"}\n\n'])), () => undefined);
    await expect(failed).rejects.toBeInstanceOf(ChatStreamError);
    await expect(failed).rejects.toMatchObject({ code: 'network_error' });
  });
});
