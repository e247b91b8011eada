export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Reads a text/event-stream body into events (the WHATWG format: `event:` and `data:` lines, a blank line ends an
 * event, lines starting with `:` are comments). Enough for the hosted API's streamed answers; ids and retry are unused.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let event = '';
  let data: string[] = [];
  const takeLine = function* (line: string): Generator<ServerSentEvent> {
    if (line === '') {
      if (data.length > 0) yield { event: event || 'message', data: data.join('\n') };
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  const reader = body.getReader();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      finished = done;
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = lines.pop() ?? '';
      for (const line of lines) yield* takeLine(line);
    }
  } finally {
    // A reader that stops early (an error event, an abort) lets go of the connection instead of leaving it open.
    if (!finished) await reader.cancel().catch(() => undefined);
  }
  buffer += decoder.decode();
  if (buffer !== '') yield* takeLine(buffer);
  yield* takeLine('');
}
