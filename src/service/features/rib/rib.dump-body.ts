import { Readable } from 'node:stream';
import type { ClientReadableStream } from '@grpc/grpc-js';
import { renderRoute } from './rib.render.js';
import type { DumpRIBReply } from './ris.wire.js';

/** Routes' text is handed on in pieces of about this size: few socket writes, and little held per dump. */
export const BATCH_CHARS = 64 * 1024;

export interface DumpBodyParts {
  call: ClientReadableStream<DumpRIBReply>;
  /** `{"source":...,"afi":...,"limit":...,"routes":[`: written first, made once the daemon has answered. */
  head(): string;
  limit: number;
  /** Why the dump stopped early, in the API's words (rib.errors.ts's describeFailure). */
  describe(error: unknown): string;
  /** Unregisters the call from the gateway; called once, when the dump ends however it ends. */
  release(): void;
}

/**
 * The body of GET /api/rib/dump: one JSON document written as the daemon's DumpRIB replies arrive, each route as
 * JSON.stringify(renderRoute(route)), the one way the gateway writes a route. A plain Readable: when the socket is
 * behind, push() says so and the gRPC stream is paused until _read() asks for more (HTTP/2 flow control then stops the
 * daemon), so a dump holds a batch or two, whatever the table size. Destroyed before the end (the client went away,
 * the service stops, a HEAD request), it cancels the daemon's stream.
 */
export class DumpBody extends Readable {
  /** Resolves once the daemon has answered (the first reply, or the end of an empty dump); rejects on its failure. */
  readonly started: Promise<void>;
  private readonly parts: DumpBodyParts;
  private batch: string;
  private count = 0;
  private limitReached = false;
  private failure: unknown = undefined;
  private done = false;
  private daemonEnded = false;
  private settle: { resolve(): void; reject(error: unknown): void } | null = null;

  constructor(parts: DumpBodyParts) {
    super();
    this.parts = parts;
    this.batch = '';
    this.started = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    parts.call.on('data', this.onReply);
    parts.call.on('error', this.onError);
    parts.call.on('end', this.onEnd);
    parts.call.on('close', this.onEnd);
  }

  override _read(): void {
    if (!this.done) this.parts.call.resume();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.stop();
    callback(error);
  }

  private readonly onReply = (reply: DumpRIBReply): void => {
    if (this.done || !reply.route) return;
    if (this.count === this.parts.limit) {
      this.limitReached = true;
      this.finish();
      return;
    }
    this.batch += (this.count === 0 ? this.parts.head() : ',') + JSON.stringify(renderRoute(reply.route));
    this.count += 1;
    // The first route goes out at once (the client sees the answer start); later ones in batches.
    if (this.count === 1) this.settle?.resolve();
    if (this.count === 1 || this.batch.length >= BATCH_CHARS) this.flush();
  };

  private readonly onError = (error: unknown): void => {
    // grpc-js ends the stream before it reports the status, so 'end' (or 'close') follows and finishes the body.
    this.failure ??= error;
    if (this.count === 0) this.settle?.reject(error);
  };

  private readonly onEnd = (): void => {
    this.daemonEnded = true;
    this.settle?.resolve();
    this.finish();
  };

  private flush(): void {
    const text = this.batch;
    this.batch = '';
    if (!this.push(text)) this.parts.call.pause();
  }

  /** The daemon ended, failed or the limit was reached: write the tail and end the body. */
  private finish(): void {
    if (this.done) return;
    const error = this.failure === undefined ? null : this.parts.describe(this.failure);
    this.stop();
    // A dump that failed before its first route is answered by the fallback document instead (rib.dump.ts).
    if (this.count === 0 && this.failure === undefined) this.batch = this.parts.head();
    this.batch += `],"count":${this.count},"limit_reached":${this.limitReached},"complete":${error === null},"error":${JSON.stringify(error)}}`;
    this.push(this.batch);
    this.batch = '';
    this.push(null);
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
