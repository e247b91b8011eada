import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { RibConfig } from './rib.config.js';
import { RibUnavailableError } from './rib.errors.js';
import { defaultRouter } from './rib.targets.js';
import { createRisClient, type RisClient } from './ris.client.js';
import { tryParseVrf, type Vrf } from './vrf.codec.js';

/** Whom to ask: the router address and VRF of one request, and whether the caller named them. */
export interface RibTarget {
  router: string;
  vrf: Vrf;
  explicit: boolean;
}

interface Cancellable {
  cancel(): void;
}

/** Something the gateway keeps for later requests (a table index); closed when evicted or when the gateway closes. */
export interface Kept {
  readonly closed: boolean;
  close(): void;
}

/**
 * The long-lived link to the routing daemon, built by createService and closed in stop(). It owns the gRPC
 * channel (which reconnects with backoff by itself), remembers the default router for a while, and cancels
 * every open stream on close so shutdown never waits on a dump or an ObserveRIB.
 */
export interface RibGateway {
  readonly settings: RibConfig;
  /** The client, or RibUnavailableError when RIS_ENABLED is false or the gateway is closed. */
  client(): RisClient;
  resolveTarget(requested: { router?: string | undefined; vrf?: Vrf | undefined }, deadline: number): Promise<RibTarget>;
  /** After UNKNOWN for the remembered default router: ask GetRouters again next time. */
  forgetDefaultRouter(): void;
  /** Registers an open stream; the returned function unregisters it. */
  track(call: Cancellable): () => void;
  /**
   * The kept object for `key`, made by `create` on first use or after it closed. At most KEPT_MAX are kept: making
   * one more closes the least recently used, so the memory the gateway holds is bounded by that many tables.
   */
  keep<T extends Kept>(key: string, create: () => T): T;
  /** The kept object for `key` if there is one open, without making it. */
  kept<T extends Kept>(key: string): T | undefined;
  /** Observers register here to stop when the gateway closes. */
  onClose(listener: () => void): () => void;
  readonly closed: boolean;
  close(): Promise<void>;
}

const DEFAULT_ROUTER_TTL_MS = 30_000;
/** Table indexes kept at once: IPv4 and IPv6 of the default router, and two more router, VRF or family pairs. */
export const KEPT_MAX = 4;

export function createRibGateway(deps: { config: Config; logger: Logger }): RibGateway {
  const settings = deps.config.rib;
  const logger = deps.logger.child({ part: 'rib' });
  const configuredVrf = tryParseVrf(settings.vrf) ?? { text: '0:0', id: 0n };
  let client: RisClient | undefined;
  let closed = false;
  let remembered: { router: string; until: number } | undefined;
  const open = new Set<Cancellable>();
  const closeListeners = new Set<() => void>();
  /** Insertion order is use order: a used entry is moved to the end. */
  const keptByKey = new Map<string, Kept>();

  const getClient = (): RisClient => {
    if (closed) throw new RibUnavailableError('the routing gateway is shutting down');
    if (!settings.enabled) throw new RibUnavailableError('the routing gateway is disabled (RIS_ENABLED=false)');
    client ??= createRisClient({
      appRoot: deps.config.appRoot,
      address: settings.address,
      keepaliveMs: settings.keepaliveMs,
      reconnectMaxMs: settings.reconnectMaxMs,
    });
    return client;
  };

  return {
    settings,
    client: getClient,
    get closed() {
      return closed;
    },
    async resolveTarget(requested, deadline) {
      const vrf = requested.vrf ?? configuredVrf;
      const explicit = requested.router !== undefined || requested.vrf !== undefined;
      const named = requested.router ?? settings.router;
      if (named !== undefined) return { router: named, vrf, explicit };
      if (remembered && remembered.until > Date.now()) return { router: remembered.router, vrf, explicit };
      const first = defaultRouter(await getClient().getRouters(deadline));
      if (!first) throw new RibUnavailableError('the routing daemon monitors no routers yet');
      remembered = { router: first.address, until: Date.now() + DEFAULT_ROUTER_TTL_MS };
      return { router: first.address, vrf, explicit };
    },
    forgetDefaultRouter() {
      remembered = undefined;
    },
    track(call) {
      open.add(call);
      return () => open.delete(call);
    },
    keep<T extends Kept>(key: string, create: () => T): T {
      const found = keptByKey.get(key);
      keptByKey.delete(key);
      if (found && !found.closed) {
        keptByKey.set(key, found);
        return found as T;
      }
      if (closed) throw new RibUnavailableError('the routing gateway is shutting down');
      const made = create();
      keptByKey.set(key, made);
      for (const [oldKey, old] of keptByKey) {
        if (keptByKey.size <= KEPT_MAX) break;
        keptByKey.delete(oldKey);
        old.close();
      }
      return made;
    },
    kept<T extends Kept>(key: string): T | undefined {
      const found = keptByKey.get(key);
      return found && !found.closed ? (found as T) : undefined;
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const listener of closeListeners) listener();
      closeListeners.clear();
      for (const item of keptByKey.values()) item.close();
      keptByKey.clear();
      for (const call of open) call.cancel();
      open.clear();
      client?.close();
      logger.debug('routing gateway closed');
    },
  };
}
