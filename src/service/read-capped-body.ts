/**
 * Reads a fetched body as UTF-8 text, but never more than `maxBytes`: a shop page or a feed that is far too large (or
 * never ends) must not fill the memory of a laptop's background job. A declared Content-Length over the cap is refused
 * before reading; otherwise the stream is cut at the cap.
 */
export async function readCappedBody(response: Response, maxBytes: number): Promise<string> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw new Error(`larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = (response.body as ReadableStream<Uint8Array> | null)?.getReader();
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new Error(`larger than ${maxBytes} bytes`);
      chunks.push(Buffer.from(value));
    }
  } catch (error) {
    await reader?.cancel().catch(() => undefined);
    throw error;
  }
  return Buffer.concat(chunks).toString('utf8');
}
