import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';

/** Each language's button is labelled in that language, so a reader of either finds it. */
const LANGUAGES: Array<{ id: Language; label: string; title: string }> = [
  { id: 'en', label: 'EN', title: 'English' },
  { id: 'de', label: 'DE', title: 'Deutsch' },
];

/** Chooses the interface language (labels, messages, numbers, dates and descriptions); remembered in localStorage. */
export function LanguageSwitch({ onChange }: { onChange(language: Language): void }) {
  const language = useDashboard((s) => s.language);
  const setLanguage = useDashboard((s) => s.setLanguage);
  const { t } = useI18n();
  return (
    <div className="segmented" role="group" aria-label={t('header.language')} data-testid="language-switch">
      {LANGUAGES.map((l) => (
        <button
          key={l.id}
          type="button"
          lang={l.id}
          title={l.title}
          aria-pressed={language === l.id}
          className={language === l.id ? 'segment segment-active' : 'segment'}
          onClick={() => {
            setLanguage(l.id);
            onChange(l.id);
          }}
        >
          {l.label}
        </button>
      ))}
    </div>
  );
}
