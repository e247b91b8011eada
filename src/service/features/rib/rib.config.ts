import { type ConfigProblems, type Env, readBoolean, readHostPort, readInteger, readOptionalString, readString } from '../../config-parsers.js';
import { tryParseAddress } from './ip.codec.js';
import { tryParseVrf } from './vrf.codec.js';

export interface RibConfig {
  /** false: the gateway never dials and every endpoint answers "source unavailable". */
  enabled: boolean;
  /** host:port of the routing daemon's RIS gRPC service (plaintext). */
  address: string;
  /** Router address as GetRouters reports it; undefined: the first router the daemon reports. */
  router: string | undefined;
  /** Canonical "ASN:ID". */
  vrf: string;
  /** Deadline for one HTTP lookup's gRPC calls together, and for the first message of a dump. */
  timeoutMs: number;
  /** Upper bound of the reconnect backoff (channel and ObserveRIB re-subscription). */
  reconnectMaxMs: number;
  /** HTTP/2 keepalive ping interval; the daemon refuses pings more often than once a second. */
  keepaliveMs: number;
  /**
   * ObserveRIB's allow_unready_rib. false (default): live updates start once every BGP neighbour of the router has
   * sent End-of-RIB, so the initial dump is the whole table; true: stream at once, the initial dump may be partial.
   */
  allowUnreadyRib: boolean;
}

export function readRibConfig(env: Env, problems: ConfigProblems): RibConfig {
  const router = readOptionalString(env, 'RIS_ROUTER');
  if (router !== undefined && tryParseAddress(router) === undefined) {
    problems.add('RIS_ROUTER', `"${router}" is not a router address (the address GetRouters reports, e.g. 192.0.2.10)`);
  }
  const vrfText = readString(env, 'RIS_VRF', '0:0');
  const vrf = tryParseVrf(vrfText);
  if (vrf === undefined) problems.add('RIS_VRF', `"${vrfText}" is not a VRF written ASN:ID (each part 0..4294967295), e.g. 0:0`);
  return {
    enabled: readBoolean(env, problems, 'RIS_ENABLED', true),
    address: readHostPort(env, problems, 'RIS_ADDRESS', '127.0.0.1:4321'),
    router,
    vrf: vrf?.text ?? '0:0',
    timeoutMs: readInteger(env, problems, 'RIS_TIMEOUT_MS', 1500, { min: 50, max: 60_000 }),
    reconnectMaxMs: readInteger(env, problems, 'RIS_RECONNECT_MAX_MS', 5000, { min: 100, max: 300_000 }),
    keepaliveMs: readInteger(env, problems, 'RIS_KEEPALIVE_MS', 10_000, { min: 1000, max: 3_600_000 }),
    allowUnreadyRib: readBoolean(env, problems, 'RIS_ALLOW_UNREADY_RIB', false),
  };
}
