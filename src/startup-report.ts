import type { Config } from './service/config.js';
import { lanAddresses } from './service/lan-addresses.js';
import { isSharedOnLan, lanDashboardUrls, serviceUrl } from './shared/service-url.js';

/** The few human lines printed at start: where the dashboard is, and how colleagues reach it. */
export function startupLines(config: Config, url: string, port: number): string[] {
  const lines = [
    `Transceiver Intelligence ${config.version} is running (data: ${config.dataDir})`,
    `Dashboard: ${serviceUrl(config.host, port, { dashboard: true })}`,
    `API docs:  ${url}/docs`,
  ];
  if (isSharedOnLan(config.host)) {
    for (const lanUrl of lanDashboardUrls(config.host, port, lanAddresses())) lines.push(`Shared on the LAN: ${lanUrl}`);
  } else {
    lines.push('Only this computer can reach it; set HOST=0.0.0.0 to share it on the LAN.');
  }
  if (config.dashboardPassword === undefined) {
    lines.push('DASHBOARD_PASSWORD is not set: logins will fail until it is (see README).');
  }
  if (config.mcpSecret === undefined) {
    lines.push(`MCP_SECRET is not set: the MCP tool server (port ${config.mcpPort}) does not start (see README).`);
  }
  return lines;
}
