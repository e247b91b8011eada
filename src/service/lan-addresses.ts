import { networkInterfaces } from 'node:os';

/** The machine's non-loopback IPv4 addresses: what a colleague types to reach a shared API. */
export function lanAddresses(): string[] {
  const found: string[] = [];
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      if (entry.family === 'IPv4' && !entry.internal) found.push(entry.address);
    }
  }
  return found;
}
