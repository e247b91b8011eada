import type { Bilingual } from '../api/catalogue.types.js';
import { useDashboard } from '../state/dashboard.store.js';

/** A record's plain-language description in the language chosen in the header. */
export function DescriptionText({ record }: { record: Bilingual }) {
  const language = useDashboard((s) => s.language);
  const text = language === 'de' ? record.description_de : record.description_en;
  return (
    <p className="description" lang={language}>
      {text}
    </p>
  );
}
