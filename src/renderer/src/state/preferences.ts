import { isLanguage, type Language } from '../../../shared/vocabulary/language.vocabulary.js';

const LANGUAGE_KEY = 'transceiver-intelligence.language';

/** The saved choice, else the browser's preference: German speakers get the German interface by default. */
export function readLanguage(): Language {
  const saved = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(saved)) return saved;
  return navigator.language.toLowerCase().startsWith('de') ? 'de' : 'en';
}

export function saveLanguage(language: Language): void {
  localStorage.setItem(LANGUAGE_KEY, language);
}
