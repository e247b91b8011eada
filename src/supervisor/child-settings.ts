/**
 * How a packaged desktop app hands the MCP tool server its settings: over the utility process's parent port rather
 * than its environment, so the dashboard password the app keeps in the OS keychain is not readable from the
 * process's environ (the service's utility process does the same, src/main/service-protocol.ts).
 */
export interface SettingsMessage {
  type: 'settings';
  env: Record<string, string | undefined>;
}

export function isSettingsMessage(value: unknown): value is SettingsMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as { type?: unknown; env?: unknown };
  return message.type === 'settings' && typeof message.env === 'object' && message.env !== null;
}
