import { Readable } from 'node:stream';
import type { ClientReadableStream } from '@grpc/grpc-js';
import type { DumpReplyWriter } from './rib.dump-decoder.js';
import { JsonBytes } from './rib.json-bytes.js';

/** Chunks of this size reach the socket: small enough to stream, large enough to keep syscalls few. */
export const CHUNK_BYTES = 64 * 1024;
/**
 * Chunks handed to the socket and not yet written by it: the gRPC stream pauses at this many and resumes when the
 * socket has taken one. With one chunk of room both sides would stop and start at every chunk; a few keep the daemon's
 * stream flowing while the socket drains. A dump's memory is bounded by these chunks, whatever the table size.
 */
export const CHUNKS_IN_FLIGHT = 8;

/** Where the body writes: the HTTP response, which Fastify pipes the body into. */
type Sink = NodeJS.WritableStream;

export interface DumpBodyParts {
  call: ClientReadableStream<Buffer>;
  /** `{"source":...,"afi":...,"limit":...,"routes":[`: written first. */
  head: string;
  limit: number;
  writer: DumpReplyWriter;
  /** Why the dump stopped early, in the API's words (rib.errors.ts's describeFailure). */
  describe(error: unknown): string;
  /** Unregisters the call from the gateway; called once, when the dump ends however it ends. */
  release(): void;
}

/**
 * The body of GET /api/rib/dump: one JSON document written as the daemon's DumpRIB replies arrive. Each route is
 * written as bytes (rib.dump-decoder.ts) into a few reused 64 KiB chunks; a chunk is reused only after the socket has
 * written it (the callback of its write), and the gRPC stream is paused while CHUNKS_IN_FLIGHT chunks wait for the
 * socket. Replies are taken from 'data' events, so no promise, closure or string is made per route: garbage that
 * outlived a minor collection went to V8's old generation and grew with the length of the dump.
 *
 * It is a Readable because that is what Fastify sends as a stream, but it writes itself: Fastify pipes it into the
 * response, and this pipe() keeps the response's write callbacks, which Readable's own pipe() drops. Read any other
 * way (Fastify's HEAD route resumes the body to discard it), it ends at once and cancels the daemon's stream.
 */
export class DumpBody extends Readable {
  /** Resolves once the daemon has answered (the first reply, or the end of an empty dump); rejects on its failure. */
  readonly started: Promise<void>;
  private readonly parts: DumpBodyParts;
  private readonly route = new JsonBytes(16 * 1024);
  private readonly free: Buffer[] = [];
  /** Chunks handed to the sink, oldest first: write callbacks arrive in this order. */
  private readonly inFlight: Buffer[] = [];
  private chunk: Buffer | null = null;
  private used = 0;
  private sink: Sink | null = null;
  private endSink = true;
  private first: Buffer | null = null;
  private count = 0;
  private limitReached = false;
  private failure: unknown = undefined;
  private daemonEnded = false;
  private paused = false;
  private done = false;
  private settle: { resolve(): void; reject(error: unknown): void } | null = null;

  constructor(parts: DumpBodyParts) {
    super();
    this.parts = parts;
    this.started = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    const { call } = parts;
    call.on('data', this.onReply);
    call.on('error', this.onError);
    call.on('end', this.onEnd);
    call.on('close', this.onEnd);
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    if (this.sink !== null || this.done) throw new Error('a dump body is written once, to one destination');
    this.sink = destination;
    this.endSink = options?.end !== false;
    this.route.pos = 0;
    this.route.text(this.parts.head);
    this.append();
    const first = this.first;
    this.first = null;
    if (first !== null) this.writeReply(first);
    if (this.daemonEnded) this.finish();
    else if (!this.done && !this.paused) this.parts.call.resume();
    return destination;
  }

  override _read(): void {
    if (this.sink === null && !this.done) {
      this.stop();
      this.push(null);
    }
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stop();
    callback(error);
  }

  private readonly onReply = (bytes: Buffer): void => {
    if (this.sink === null) {
      // Before the response is ready: keep the first reply, hold the rest in the gRPC stream.
      this.first = bytes;
      this.parts.call.pause();
      this.settle?.resolve();
      return;
    }
    this.writeReply(bytes);
  };

  private readonly onError = (error: unknown): void => {
    // grpc-js ends the stream before it reports the status, so 'end' (or 'close') follows and finishes the body.
    this.failure ??= error;
    if (this.first === null && this.sink === null) this.settle?.reject(error);
  };

  private readonly onEnd = (): void => {
    this.daemonEnded = true;
    if (this.sink === null) this.settle?.resolve();
    else this.finish();
  };

  private writeReply(bytes: Buffer): void {
    if (this.done) return;
    const route = this.route;
    route.pos = this.count === 0 ? 0 : 1;
    route.buf[0] = 0x2c;
    if (!this.parts.writer.write(bytes, route)) return;
    if (this.count === this.parts.limit) {
      this.limitReached = true;
      this.finish();
      return;
    }
    this.count += 1;
    this.append();
    if (this.inFlight.length >= CHUNKS_IN_FLIGHT && !this.paused) {
      this.paused = true;
      this.parts.call.pause();
    }
  }

  /** Copies what `route` holds into the chunks, handing each full one to the sink. */
  private append(): void {
    const { buf, pos } = this.route;
    for (let from = 0; from < pos;) {
      this.chunk ??= this.free.pop() ?? Buffer.allocUnsafeSlow(CHUNK_BYTES);
      const n = Math.min(pos - from, CHUNK_BYTES - this.used);
      buf.copy(this.chunk, this.used, from, from + n);
      this.used += n;
      from += n;
      if (this.used === CHUNK_BYTES) this.send(this.chunk, CHUNK_BYTES);
    }
  }

  private send(chunk: Buffer, length: number): void {
    this.chunk = null;
    this.used = 0;
    this.inFlight.push(chunk);
    this.sink?.write(length === CHUNK_BYTES ? chunk : chunk.subarray(0, length), this.written);
  }

  private readonly written = (error?: Error | null): void => {
    const chunk = this.inFlight.shift();
    if (error) {
      // The client went away; Fastify destroys this body in turn, which cancels the daemon's stream.
      this.stop();
      return;
    }
    if (chunk && this.free.length < CHUNKS_IN_FLIGHT) this.free.push(chunk);
    if (this.paused && !this.done && this.inFlight.length < CHUNKS_IN_FLIGHT) {
      this.paused = false;
      this.parts.call.resume();
    }
  };

  /** The daemon ended, failed or the limit was reached: write the tail and end the response and this stream. */
  private finish(): void {
    if (this.done) return;
    const error = this.failure === undefined ? null : this.parts.describe(this.failure);
    this.stop();
    const route = this.route;
    route.pos = 0;
    route.text(`],"count":${this.count},"limit_reached":${this.limitReached},"complete":${error === null},"error":${JSON.stringify(error)}}`);
    this.append();
    if (this.chunk !== null) this.send(this.chunk, this.used);
    if (this.endSink) this.sink?.end();
    this.push(null);
    this.resume();
  }

  /** Stops reading the daemon's stream (cancelling it unless it ended) and releases it; idempotent. */
  private stop(): void {
    if (this.done) return;
    this.done = true;
    const { call } = this.parts;
    call.off('data', this.onReply);
    call.off('end', this.onEnd);
    call.off('close', this.onEnd);
    call.off('error', this.onError);
    if (!this.daemonEnded) call.cancel();
    this.parts.release();
  }
}
