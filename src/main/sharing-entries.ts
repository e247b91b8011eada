import { isSharedOnLan } from '../service/public.js';

export interface SharingEntry {
  label: string;
  /** The dashboard address a colleague types; absent for the explanatory entry. */
  url?: string;
}

/**
 * What the Sharing menu lists: one dashboard address per LAN interface when HOST shares the service, or why
 * nobody else can reach it. `addresses` are the machine's LAN IPv4 addresses (lanAddresses()).
 */
export function sharingEntries(host: string, port: number, addresses: readonly string[]): SharingEntry[] {
  if (!isSharedOnLan(host)) return [{ label: 'Only this computer can reach the service (set HOST=0.0.0.0 to share it)' }];
  const shown = host === '0.0.0.0' || host === '::' ? addresses : [host];
  if (shown.length === 0) return [{ label: 'Shared, but this computer has no LAN address right now' }];
  return shown.map((address) => {
    const url = `http://${address.includes(':') ? `[${address}]` : address}:${port}/dashboard/`;
    return { label: `Copy ${url}`, url };
  });
}
