import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from '../../../../src/service/features/blog/llm/server-sent-events.parser.js';

function streamOf(...pieces: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>) {
  const events = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

describe('server-sent events reader', () => {
  it('joins events split across chunks (even inside a multi-byte character), skips comments, joins data lines', async () => {
    const euro = new TextEncoder().encode('€');
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(': ping\n\nevent: content_block_delta\r\ndata: {"text":"5 '));
        controller.enqueue(euro.slice(0, 1));
        controller.enqueue(euro.slice(1));
        controller.enqueue(encoder.encode('"}\r\n\r\ndata: line one\ndata: line two\n\n'));
        controller.close();
      },
    });
    expect(await collect(body)).toEqual([
      { event: 'content_block_delta', data: '{"text":"5 €"}' },
      { event: 'message', data: 'line one\nline two' },
    ]);
  });

  it('delivers a last event that the stream ends without a blank line after', async () => {
    expect(await collect(streamOf('event: message_stop\ndata: {}'))).toEqual([{ event: 'message_stop', data: '{}' }]);
  });
});
