import { type BrowserWindow, dialog, safeStorage } from 'electron';
import { createPasswordStore } from './password-store.js';
import { openTeamSettings } from './team-settings-window.js';
import { readTeamUrl, requestTakeAlong, saveTeamUrl, type TeamAction, TEAM_PASSWORD_FILE, teamDashboardUrl } from './team-settings.js';

export interface TeamActionsDeps {
  productName: string;
  userData: string;
  preloadPath: string;
  iconPath: string;
  /** The app's own service and its dashboard password (the take-along request signs in with it). */
  serviceUrl: string;
  servicePassword: string | undefined;
  ownDashboardUrl: string;
  /** The dashboard window, opened when needed. */
  window(): BrowserWindow;
  /** Called whenever the menu's state changed (the caller rebuilds it). */
  changed(): void;
}

export interface TeamActions {
  teamUrl(): string | undefined;
  showing(): 'own' | 'team';
  /** The team's origin while the window shows it (navigation there is then allowed). */
  shownTeamOrigin(): string | undefined;
  run(action: TeamAction): void;
}

/**
 * The Team menu's actions: the settings window, the window switched between the team's dashboard and the app's
 * own, and "take along", which only asks the app's own service to pull (the service keeps running for offline use
 * whatever the window shows).
 */
export function createTeamActions(deps: TeamActionsDeps): TeamActions {
  const store = createPasswordStore(deps.userData, safeStorage, TEAM_PASSWORD_FILE);
  let url = readTeamUrl(deps.userData);
  // Without a key store the password lives for this run only.
  let sessionPassword: string | undefined;
  let showing: 'own' | 'team' = 'own';
  const show = (where: 'own' | 'team') => {
    if (where === 'team' && url === undefined) return;
    showing = where;
    void deps.window().loadURL(where === 'team' ? teamDashboardUrl(url!) : deps.ownDashboardUrl);
    deps.changed();
  };
  const takeAlong = async () => {
    if (url === undefined || deps.servicePassword === undefined) return;
    const result = await requestTakeAlong({
      fetch,
      serviceUrl: deps.serviceUrl,
      servicePassword: deps.servicePassword,
      teamUrl: url,
      teamPassword: sessionPassword ?? store.read(),
    });
    if (!result.ok) dialog.showErrorBox(`${deps.productName}: take along`, result.message);
    // The own dashboard shows the pull's progress, then the snapshot and its age.
    show('own');
  };
  const actions: Record<TeamAction, () => void> = {
    settings: () =>
      openTeamSettings({
        productName: deps.productName,
        preloadPath: deps.preloadPath,
        iconPath: deps.iconPath,
        url,
        willBeKept: store.canKeep(),
        onSave: (saved) => {
          url = saved.url;
          saveTeamUrl(deps.userData, saved.url);
          if (saved.password !== undefined && !store.save(saved.password)) sessionPassword = saved.password;
          deps.changed();
        },
      }),
    'show-team': () => show('team'),
    'show-own': () => show('own'),
    'take-along': () => void takeAlong().catch((error: Error) => dialog.showErrorBox(`${deps.productName}: take along`, error.message)),
  };
  return {
    teamUrl: () => url,
    showing: () => showing,
    shownTeamOrigin: () => (showing === 'team' && url !== undefined ? new URL(url).origin : undefined),
    run: (action) => actions[action](),
  };
}
