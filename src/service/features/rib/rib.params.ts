import { InvalidError } from '../../errors.js';
import { AddressSyntaxError, type IpPrefix, parsePrefix, tryParseAddress } from './ip.codec.js';
import { tryParseVrf, type Vrf } from './vrf.codec.js';

/**
 * Checks what the query schemas cannot express, before anything reaches the daemon (it fails with INTERNAL on a
 * request without a prefix, and would answer UNKNOWN for a mistyped router). Each error names its field.
 */
export function prefixParam(text: string, field = 'prefix'): IpPrefix {
  try {
    return parsePrefix(text);
  } catch (error) {
    if (error instanceof AddressSyntaxError) throw new InvalidError(`querystring/${field}: ${error.message}`, { field });
    throw error;
  }
}

export function targetParams(query: { router?: string | undefined; vrf?: string | undefined }): { router?: string; vrf?: Vrf } {
  const out: { router?: string; vrf?: Vrf } = {};
  if (query.router !== undefined) {
    const router = query.router.trim();
    if (tryParseAddress(router) === undefined) {
      throw new InvalidError(`querystring/router: "${query.router}" is not a router address (see /api/rib/routers)`, { field: 'router' });
    }
    out.router = router;
  }
  if (query.vrf !== undefined) {
    const vrf = tryParseVrf(query.vrf);
    if (vrf === undefined) throw new InvalidError(`querystring/vrf: "${query.vrf}" is not a VRF written ASN:ID, e.g. 0:0`, { field: 'vrf' });
    out.vrf = vrf;
  }
  return out;
}

/** Prefix-length bounds of a dump: within the family's range, min not above max (0 = no bound, as on the wire). */
export function lengthBounds(afi: 'ipv4' | 'ipv6', minLength = 0, maxLength = 0): { min: number; max: number } {
  const top = afi === 'ipv4' ? 32 : 128;
  if (minLength > top) throw new InvalidError(`querystring/min_length must be <= ${top} for ${afi}`, { field: 'min_length' });
  if (maxLength > top) throw new InvalidError(`querystring/max_length must be <= ${top} for ${afi}`, { field: 'max_length' });
  if (minLength > 0 && maxLength > 0 && minLength > maxLength) {
    throw new InvalidError('querystring/min_length must not exceed max_length', { field: 'min_length' });
  }
  return { min: minLength, max: maxLength };
}
