/**
 * VRFs as the daemon names them: "ASN:ID" (route distinguisher ASN << 32 | ID) or the same uint64 in decimal, as
 * GetRouters lists vrf_ids. The global table is "0:0" / 0.
 */
const UINT32_MAX = 4_294_967_295n;
const UINT64_MAX = (1n << 64n) - 1n;

export interface Vrf {
  /** Canonical "ASN:ID" text, what the gateway sends in the request's vrf field. */
  text: string;
  id: bigint;
}

export function vrfFromId(id: bigint): Vrf {
  return { text: `${id >> 32n}:${id & UINT32_MAX}`, id };
}

/** undefined when the text is neither "ASN:ID" (each part 0..4294967295) nor a decimal uint64. */
export function tryParseVrf(text: string): Vrf | undefined {
  const trimmed = text.trim();
  const pair = /^(\d{1,10}):(\d{1,10})$/.exec(trimmed);
  if (pair) {
    const asn = BigInt(pair[1] ?? '');
    const id = BigInt(pair[2] ?? '');
    if (asn > UINT32_MAX || id > UINT32_MAX) return undefined;
    return vrfFromId((asn << 32n) | id);
  }
  if (/^\d{1,20}$/.test(trimmed)) {
    const id = BigInt(trimmed);
    return id <= UINT64_MAX ? vrfFromId(id) : undefined;
  }
  return undefined;
}
