import { type ClientReadableStream, status as GrpcStatus, type StatusObject } from '@grpc/grpc-js';
import type { RibEvent } from '../../../shared/api/rib/rib-events.schemas.js';
import { describeFailure, RibUnavailableError } from './rib.errors.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { renderRoute } from './rib.render.js';
import { afiSafiOf, checkTarget, targetFields } from './rib.targets.js';
import type { Afi } from '../../../shared/api/rib/rib.schemas.js';
import type { RIBUpdate } from './ris.wire.js';
import type { Vrf } from './vrf.codec.js';

export interface ObserveOptions {
  afi: Afi;
  router?: string | undefined;
  vrf?: Vrf | undefined;
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
const isUnavailable = (error: unknown) => (error as { code?: unknown } | null)?.code === GrpcStatus.UNAVAILABLE;

/**
 * One ObserveRIB subscription that survives the daemon: on any failure (down, not ready, feed aborted) it reports a
 * status once and re-subscribes with capped exponential backoff until closed. A router or VRF the daemon does not
 * list is not a passing state: it is reported with an error event and ends the subscription (onFatal).
 */
export function observeRib(gw: RibGateway, options: ObserveOptions, emit: (event: RibEvent) => void, onFatal: (reason: string) => void): RibObserver {
  const { afi } = options;
  let stopped = false;
  let paused = false;
  let attempt = 0;
  let call: ClientReadableStream<RIBUpdate> | undefined;
  let untrack: () => void = () => {};
  let timer: NodeJS.Timeout | undefined;
  let lastStatus = '';
  /** The last subscription got as far as ObserveRIB (router and VRF confirmed by GetRouters). */
  let reachedDaemon = false;

  const status = (target: Partial<RibTarget> | undefined, reason: string | null) => {
    const event: RibEvent = {
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
    emit(event);
  };

  const retry = (target: Partial<RibTarget> | undefined, error: unknown) => {
    if (stopped) return;
    const failure = describeFailure(error, gw.settings.timeoutMs);
    if (failure.kind === 'unknown' && !target?.explicit) gw.forgetDefaultRouter();
    const base = Math.min(gw.settings.reconnectMaxMs, FIRST_RETRY_MS * 2 ** Math.min(attempt, 16));
    attempt += 1;
    // The router and VRF were confirmed just before, so UNAVAILABLE from ObserveRIB itself means "not ready".
    const reason = reachedDaemon && isUnavailable(error) ? NOT_READY_REASON : failure.reason;
    reachedDaemon = false;
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
      if (check.kind === 'unknown') {
        emit({ type: 'error', afi, field: check.field, message: check.message });
        close();
        onFatal(check.message);
        return;
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
    reachedDaemon = true;
    const current = call;
    const subscribedTo = target;
    untrack = gw.track(current);
    if (paused) current.pause();
    let live = false;
    current.on('data', (update: RIBUpdate) => {
      if (!live) {
        live = true;
        attempt = 0;
        status(subscribedTo, null);
      }
      if (update.end_of_rib) emit({ type: 'end_of_rib', afi });
      else if (update.route) {
        emit({ type: update.advertisement ? 'add' : 'withdraw', afi, initial_dump: update.is_initial_dump, route: renderRoute(update.route) });
      }
    });
    // 'status' comes once per call, whatever the outcome; 'error' repeats it for failures, so it is only swallowed.
    current.on('error', () => {});
    current.on('status', (result: StatusObject) => {
      untrack();
      if (call === current) call = undefined;
      if (stopped) return;
      retry(subscribedTo, result.code === GrpcStatus.OK ? new Error('routing daemon ended the ObserveRIB stream') : { ...result, message: result.details });
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
