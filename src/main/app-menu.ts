import { app, clipboard, Menu, type MenuItemConstructorOptions } from 'electron';
import { lanAddresses } from '../service/public.js';
import { aboutEntries } from './about-entries.js';
import { sharingEntries } from './sharing-entries.js';
import { type TeamAction, teamMenuEntries } from './team-settings.js';

export interface AppMenuOptions {
  productName: string;
  host: string;
  port: number;
  openDashboard: () => void;
  /** The service reports the generated demo data set: the About says so (undefined = unknown, no line). */
  demoData?: boolean;
  /** The team server entries: the kept address, what the window shows, and what each entry does. */
  team: { teamUrl: string | undefined; showing: 'own' | 'team'; run: (action: TeamAction) => void };
}

/**
 * The application menu with a Sharing menu: the dashboard addresses colleagues use when HOST=0.0.0.0 (a click
 * copies one), read again each time the menu is rebuilt because Wi-Fi and VPN addresses change.
 */
export function buildAppMenu(options: AppMenuOptions): Menu {
  const sharing: MenuItemConstructorOptions[] = sharingEntries(options.host, options.port, lanAddresses()).map((entry) =>
    entry.url === undefined ? { label: entry.label, enabled: false } : { label: entry.label, click: () => clipboard.writeText(entry.url ?? '') },
  );
  sharing.push({ type: 'separator' }, { label: 'Refresh addresses', click: () => Menu.setApplicationMenu(buildAppMenu(options)) });
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    {
      label: 'File',
      submenu: [{ label: 'Open dashboard', accelerator: 'CmdOrCtrl+D', click: options.openDashboard }, { type: 'separator' }, { role: 'quit' }],
    },
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { label: 'Sharing', submenu: sharing },
    {
      label: 'Team',
      submenu: teamMenuEntries(options.team).map((entry) => ({ label: entry.label, enabled: entry.enabled, click: () => options.team.run(entry.action) })),
    },
    { role: 'windowMenu' },
    { role: 'help', submenu: aboutEntries(options.productName, app.getVersion(), options.demoData) },
  ];
  return Menu.buildFromTemplate(template);
}
