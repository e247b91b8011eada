import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import { useDashboard } from '../state/dashboard.store.js';

const LANGUAGES: Array<{ id: Language; label: string; title: string }> = [
  { id: 'en', label: 'EN', title: 'Descriptions in English' },
  { id: 'de', label: 'DE', title: 'Beschreibungen auf Deutsch' },
];

/** Chooses the language of the bilingual descriptions (standards, form factors); remembered in localStorage. */
export function LanguageSwitch({ onChange }: { onChange(language: Language): void }) {
  const language = useDashboard((s) => s.language);
  const setLanguage = useDashboard((s) => s.setLanguage);
  return (
    <div className="segmented" role="group" aria-label="Description language">
      {LANGUAGES.map((l) => (
        <button
          key={l.id}
          type="button"
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
