import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import { useI18n } from '../i18n/use-i18n.js';
import { DataSourceMarker } from './data-source-marker.js';
import { DemoDataMarker } from './demo-data-marker.js';
import { LanguageSwitch } from './language-switch.js';
import { TabBar } from './tab-bar.js';

interface AppHeaderProps {
  expiresAt: number;
  minutesLeft: number | null;
  onSignOut(): void;
  onLanguage(language: Language): void;
}

export function AppHeader({ expiresAt, minutesLeft, onSignOut, onLanguage }: AppHeaderProps) {
  const { t, format } = useI18n();
  return (
    <header className="app-header">
      <div className="app-title">
        <span className="logo" aria-hidden="true">
          ◈
        </span>
        <h1>Transceiver Intelligence</h1>
      </div>
      <TabBar />
      <div className="app-tools">
        <DataSourceMarker />
        <DemoDataMarker />
        <LanguageSwitch onChange={onLanguage} />
        <span className="session-info" title={t('header.signedInUntil', { time: format.dateTime(new Date(expiresAt).toISOString()) })}>
          {minutesLeft === null ? t('header.signedIn') : t('header.sessionEndsIn', { minutes: minutesLeft })}
        </span>
        <button type="button" className="button-secondary" onClick={onSignOut}>
          {t('header.signOut')}
        </button>
      </div>
    </header>
  );
}
