import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import { LanguageSwitch } from './language-switch.js';
import { TabBar } from './tab-bar.js';

interface AppHeaderProps {
  expiresAt: number;
  minutesLeft: number | null;
  onSignOut(): void;
  onLanguage(language: Language): void;
}

export function AppHeader({ expiresAt, minutesLeft, onSignOut, onLanguage }: AppHeaderProps) {
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
        <LanguageSwitch onChange={onLanguage} />
        <span className="session-info" title={`Signed in until ${new Date(expiresAt).toLocaleString('en-GB')}`}>
          {minutesLeft === null ? 'Signed in' : `Session ends in ${minutesLeft} min`}
        </span>
        <button type="button" className="button-secondary" onClick={onSignOut}>
          Sign out
        </button>
      </div>
    </header>
  );
}
