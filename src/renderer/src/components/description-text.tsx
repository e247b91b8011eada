import type { FormFactor } from '../../../shared/api/catalogue/form-factors.schemas.js';
import { useDashboard } from '../state/dashboard.store.js';

/** Form factors and standards carry their description in both languages. */
type Bilingual = Pick<FormFactor, 'description_en' | 'description_de'>;

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
