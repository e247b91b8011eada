import type { Config } from './service/config.js';
import { isSharedOnLan, lanAddresses } from './service/lan-addresses.js';

/** The few human lines printed at start: where the dashboard is, and how colleagues reach it. */
export function startupLines(config: Config, url: string, port: number): string[] {
  const lines = [
    `Transceiver Intelligence ${config.version} is running (data: ${config.dataDir})`,
    `Dashboard: ${url}/dashboard/`,
    `API docs:  ${url}/docs`,
  ];
  if (isSharedOnLan(config.host)) {
    const lan = config.host === '0.0.0.0' || config.host === '::' ? lanAddresses() : [config.host];
    for (const address of lan) lines.push(`Shared on the LAN: http://${address}:${port}/dashboard/`);
  } else {
    lines.push('Only this computer can reach it; set HOST=0.0.0.0 to share it on the LAN.');
  }
  if (config.dashboardPassword === undefined) {
    lines.push('DASHBOARD_PASSWORD is not set: logins will fail until it is (see README).');
  }
  return lines;
}
