import { isSharedOnLan, lanDashboardUrls } from '../shared/service-url.js';

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
  const urls = lanDashboardUrls(host, port, addresses);
  if (urls.length === 0) return [{ label: 'Shared, but this computer has no LAN address right now' }];
  return urls.map((url) => ({ label: `Copy ${url}`, url }));
}
