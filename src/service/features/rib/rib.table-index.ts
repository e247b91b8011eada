import { fromWireIp, type IpPrefix } from './ip.codec.js';
import type { RibGateway, RibTarget } from './rib.gateway.js';
import { observeRib } from './rib.observer.js';
import { PrefixIndex } from './rib.prefix-index.js';
import { coveringKeys, insideBounds, keyLengthOf, prefixKey } from './rib.prefix-keys.js';
import type { Afi } from '../../../shared/api/rib/rib.schemas.js';
import type { RIBUpdate, WirePath, WireRoute } from './ris.wire.js';

/** How far the gateway's copy of one table is: complete, or still being learned and why. */
export interface TableProgress {
  ready: boolean;
  /** Prefixes learned so far. */
  routes: number;
  /** Why the table is not complete; null once it is. */
  detail: string | null;
}

/**
 * The gateway's own copy of one router's table (one VRF, one family), kept current by ObserveRIB: the initial dump
 * fills it, end-of-RIB makes it complete, and live changes follow. Lookups read it without asking the daemon, so a
 * prefix's more-specific routes are counted exactly and listed from one place, whatever the prefix. Each route is kept
 * as the daemon's own encoding of it (the bytes of a DumpRIB reply) and decoded only when it is returned.
 */
export interface TableIndex {
  readonly closed: boolean;
  progress(): TableProgress;
  /** Every route that covers `prefix` (itself included), least specific first. */
  covering(prefix: IpPrefix): WireRoute[];
  /** The routes strictly inside `prefix`: how many, and the first `max` in address order. */
  inside(prefix: IpPrefix, max: number): { count: number; routes: WireRoute[] };
  close(): void;
}

const STARTING = 'the gateway has started to read the routing table';
const LOADING = "the gateway is reading the router's table (ObserveRIB initial dump)";

export function tableKey(target: RibTarget, afi: Afi): string {
  return `table|${target.router}|${target.vrf.text}|${afi}`;
}

export function openTableIndex(gw: RibGateway, target: RibTarget, afi: Afi): TableIndex {
  const client = gw.client();
  const encode = (route: WireRoute) => client.encodeRoute(route);
  const decode = (bytes: Buffer) => client.decodeRoute(bytes);
  const version = afi === 'ipv4' ? 4 : 6;
  const keyLength = keyLengthOf(version);
  let routes = new PrefixIndex(keyLength);
  let ready = false;
  let detail: string | null = STARTING;
  let closed = false;

  const apply = (update: RIBUpdate) => {
    const pfx = update.route?.pfx;
    if (!update.route || !pfx?.address) return;
    const address = fromWireIp(pfx.address);
    // Keys of one table have one length: a route of the other family has no place in it.
    if (address.version !== version) return;
    const key = prefixKey({ address, length: pfx.length });
    const stored = routes.get(key);
    let paths = update.advertisement ? update.route.paths : [];
    if (stored !== undefined) {
      // Each update carries one path: an advertisement adds it (once), a withdrawal removes the path it names.
      const same = new Set(update.route.paths.map(pathText));
      const kept = (decode(stored)?.paths ?? []).filter((path) => !same.has(pathText(path)));
      paths = update.advertisement ? [...kept, ...update.route.paths] : kept;
    }
    if (paths.length === 0) routes.delete(key);
    else routes.set(key, encode({ pfx, paths }));
  };

  const observer = observeRib(
    gw,
    { afi, router: target.router, vrf: target.vrf },
    {
      status(event) {
        // Every (re)subscription starts with a fresh initial dump: what was held before is replaced, not merged.
        routes = new PrefixIndex(keyLength);
        ready = false;
        detail = event.available ? LOADING : `${event.reason ?? 'routing daemon unavailable'}`;
      },
      update(update) {
        if (update.end_of_rib) {
          ready = true;
          detail = null;
        } else apply(update);
      },
      fatal(_field, message) {
        detail = message;
        close();
      },
    },
  );

  function close() {
    if (closed) return;
    closed = true;
    ready = false;
    routes = new PrefixIndex(keyLength);
    observer.close();
  }

  const decodeAll = (values: Array<Buffer | undefined>): WireRoute[] => {
    const out: WireRoute[] = [];
    for (const value of values) {
      const route = value === undefined ? null : decode(value);
      if (route) out.push(route);
    }
    return out;
  };
  return {
    get closed() {
      return closed;
    },
    progress: () => ({ ready, routes: routes.size, detail }),
    covering: (prefix) => decodeAll(coveringKeys(prefix).map((key) => routes.get(key))),
    inside(prefix, max) {
      const { from, to } = insideBounds(prefix);
      const count = routes.rank(to) - routes.rank(from);
      return { count, routes: decodeAll(routes.range(from, to, max)) };
    },
    close,
  };
}

/** A path's identity for withdrawals: the daemon withdraws a path by sending it as it was advertised. */
const pathText = (path: WirePath): string => JSON.stringify(path);
