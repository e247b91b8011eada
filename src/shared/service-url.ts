import { DASHBOARD_PATH } from './dashboard.constants.js';

/**
 * How the service's addresses are written, for everyone who shows or opens one: the service's start(), the start-up
 * lines, GET /api/system, and the desktop window and Sharing menu. No Node imports: the desktop shell and the
 * renderer may include this file.
 */

/** Listening on these means "every interface"; nobody can open them as an address. */
const WILDCARD_HOSTS: ReadonlySet<string> = new Set(['0.0.0.0', '::']);
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1']);

export function isWildcardHost(host: string): boolean {
  return WILDCARD_HOSTS.has(host);
}

/** Whether other machines can reach a service listening on `host`. */
export function isSharedOnLan(host: string): boolean {
  return !LOOPBACK_HOSTS.has(host);
}

/** An IPv6 literal goes in brackets, with a zone's '%' escaped (RFC 6874), or the port would read as part of it. */
function urlHost(host: string): string {
  if (!host.includes(':') || host.startsWith('[')) return host;
  return `[${host.replace(/%/g, '%25')}]`;
}

export interface ServiceUrlOptions {
  /** Append the dashboard's path ('/dashboard/'); without it the URL has no trailing slash. */
  dashboard?: boolean;
}

/**
 * The URL that reaches a service listening on host:port from this machine: a wildcard host becomes 127.0.0.1
 * (and so does 'localhost', so the desktop window's origin never depends on how the name resolves).
 */
export function serviceUrl(host: string, port: number, options: ServiceUrlOptions = {}): string {
  const shown = isWildcardHost(host) || host === 'localhost' ? '127.0.0.1' : host;
  return `http://${urlHost(shown)}:${port}${options.dashboard ? DASHBOARD_PATH : ''}`;
}

/**
 * The dashboard URLs colleagues open: none when the service listens on loopback only, one per LAN address when
 * it listens on every interface, else the one address it listens on. `lanAddresses` is the machine's listing.
 */
export function lanDashboardUrls(host: string, port: number, lanAddresses: readonly string[]): string[] {
  if (!isSharedOnLan(host)) return [];
  const hosts = isWildcardHost(host) ? lanAddresses : [host];
  return hosts.map((address) => serviceUrl(address, port, { dashboard: true }));
}
