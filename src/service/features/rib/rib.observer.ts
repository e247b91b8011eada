import { type ClientReadableStream, status as GrpcStatus, type StatusObject } from '@grpc/grpc-js';
import type { RibStatusEvent } from '../../../shared/api/rib/rib-events.schemas.js';
import { describeFailure, RibUnavailableError } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { afiSafiOf, checkTarget, targetFields } from './rib.targets.js';
import type { Afi } from '../../../shared/api/rib/rib.schemas.js';
import type { RIBUpdate } from './ris.wire.js';
import type { Vrf } from './vrf.codec.js';

export interface ObserveOptions {
  afi: Afi;
  router?: string | undefined;
  vrf?: Vrf | undefined;
}

/** Where a subscription reports: its status changes, the daemon's updates as they come, and the end for good. */
export interface ObserveSink {
  status(event: RibStatusEvent): void;
  update(update: RIBUpdate): void;
  /** The router or VRF the caller named is not one the daemon lists; the subscription has ended. */
  fatal(field: 'router' | 'vrf', message: string): void;
}

export interface RibObserver {
  /** Flow control for slow consumers: stops reading from the daemon until resume(). */
  pause(): void;
  resume(): void;
  close(): void;
}

const FIRST_RETRY_MS = 250;
const NOT_READY_REASON =
  "the router's RIB is not ready: not every BGP neighbour has sent End-of-RIB yet; the gateway keeps retrying " +
  '(RIS_ALLOW_UNREADY_RIB=true streams the partial table instead)';
const CONNECTION_LOST_REASON = 'the connection to the routing daemon broke (it stopped, restarted or stopped answering); the gateway keeps retrying';
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;
const isUnavailable = (error: unknown) => codeOf(error) === GrpcStatus.UNAVAILABLE;
const isBreak = (error: unknown) => codeOf(error) === GrpcStatus.UNAVAILABLE || codeOf(error) === GrpcStatus.CANCELLED;

/**
 * One ObserveRIB subscription that survives the daemon: on any failure (down, not ready, feed aborted) it reports a
 * status once and re-subscribes with capped exponential backoff until closed. A router or VRF the daemon does not
 * list is not a passing state: it is reported with an error event and ends the subscription (onFatal).
 */
export function observeRib(gw: RibGateway, options: ObserveOptions, sink: ObserveSink): RibObserver {
  const { afi } = options;
  let stopped = false;
  let paused = false;
  let attempt = 0;
  let call: ClientReadableStream<RIBUpdate> | undefined;
  let untrack: () => void = () => {};
  let timer: NodeJS.Timeout | undefined;
  let lastStatus = '';
  /** The last ObserveRIB call was made (router and VRF confirmed by GetRouters) and has not sent anything yet. */
  let refusedAtStart = false;

  const status = (target: Partial<RibTarget> | undefined, reason: string | null) => {
    const event: RibStatusEvent = {
      type: 'status',
      afi,
      available: reason === null,
      reason,
      router: target?.router ?? null,
      vrf: target?.vrf?.text ?? gw.settings.vrf,
      at: new Date().toISOString(),
    };
    // Retries repeat the same failure; tell the client only when something changed.
    const key = `${event.available}|${event.reason}|${event.router}`;
    if (key === lastStatus) return;
    lastStatus = key;
    sink.status(event);
  };

  /** streamed: the failed subscription had sent updates, so the stream broke rather than being refused. */
  const retry = (target: Partial<RibTarget> | undefined, error: unknown, streamed = false) => {
    if (stopped) return;
    const failure = describeFailure(error, gw.settings.timeoutMs);
    if (failure.kind === 'unknown' && !target?.explicit) gw.forgetDefaultRouter();
    const base = Math.min(gw.settings.reconnectMaxMs, FIRST_RETRY_MS * 2 ** Math.min(attempt, 16));
    attempt += 1;
    // The router and VRF were confirmed just before, so UNAVAILABLE as ObserveRIB's first answer means "not ready";
    // after the stream has sent something, UNAVAILABLE (or CANCELLED: the gateway only cancels when it stops) is the
    // connection breaking.
    const reason = refusedAtStart && isUnavailable(error) ? NOT_READY_REASON : streamed && isBreak(error) ? CONNECTION_LOST_REASON : failure.reason;
    refusedAtStart = false;
    status(target, reason);
    timer = setTimeout(() => void subscribe(), base / 2 + Math.random() * (base / 2));
  };

  const subscribe = async () => {
    timer = undefined;
    if (stopped) return;
    let target: RibTarget | undefined;
    try {
      const deadline = Date.now() + gw.settings.timeoutMs;
      target = await gw.resolveTarget(options, deadline);
      // ObserveRIB answers UNAVAILABLE for an unknown router or VRF exactly as for a feed that is not ready, so
      // retrying could never end: GetRouters tells them apart first.
      const check = checkTarget(await gw.client().getRouters(deadline), target);
      if (stopped) return;
      // Only a router or VRF the client named is its mistake. The default router, or the configured one, is missing
      // for a while after a daemon restart (no routers are listed until the BMP session is back): wait for it.
      if (check.kind === 'unknown' && options[check.field] !== undefined) {
        close();
        sink.fatal(check.field, check.message);
        return;
      }
      if (check.kind === 'unknown') {
        gw.forgetDefaultRouter();
        throw new RibUnavailableError(`waiting for the router to reappear: ${check.message}`);
      }
      if (check.kind === 'no-feed') throw new RibUnavailableError(check.message);
      call = gw.client().observeRib({
        ...targetFields(target),
        afisafi: afiSafiOf(afi),
        allow_unready_rib: gw.settings.allowUnreadyRib,
      });
    } catch (error) {
      retry(target ?? options, error);
      return;
    }
    refusedAtStart = true;
    const current = call;
    const subscribedTo = target;
    untrack = gw.track(current);
    if (paused) current.pause();
    let live = false;
    current.on('data', (update: RIBUpdate) => {
      if (!live) {
        live = true;
        refusedAtStart = false;
        attempt = 0;
        status(subscribedTo, null);
      }
      sink.update(update);
    });
    // 'status' comes once per call, whatever the outcome; 'error' repeats it for failures, so it is only swallowed.
    current.on('error', () => {});
    current.on('status', (result: StatusObject) => {
      untrack();
      if (call === current) call = undefined;
      if (stopped) return;
      retry(
        subscribedTo,
        result.code === GrpcStatus.OK ? new Error('routing daemon ended the ObserveRIB stream') : { ...result, message: result.details },
        live,
      );
    });
  };

  const removeCloseListener = gw.onClose(() => close());
  function close() {
    if (stopped) return;
    stopped = true;
    removeCloseListener();
    if (timer) clearTimeout(timer);
    call?.cancel();
    untrack();
  }

  void subscribe();
  return {
    pause() {
      paused = true;
      call?.pause();
    },
    resume() {
      paused = false;
      call?.resume();
    },
    close,
  };
}
