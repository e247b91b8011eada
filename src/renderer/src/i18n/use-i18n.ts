import { useMemo } from 'react';
import type { Language } from '../../../shared/vocabulary/language.vocabulary.js';
import { type Formatters, formattersFor } from '../format/format.utils.js';
import { useDashboard } from '../state/dashboard.store.js';
import { LOCALES, type Translate, translatorFor } from './translate.js';

export interface I18n {
  language: Language;
  t: Translate;
  format: Formatters;
}

/** The interface language chosen in the header: its messages and its number and date formats. */
export function useI18n(): I18n {
  const language = useDashboard((s) => s.language);
  return useMemo(() => ({ language, t: translatorFor(language), format: formattersFor(LOCALES[language]) }), [language]);
}
