import type { PriceObservation } from '../../../shared/api/catalogue/prices.schemas.js';
import { isDemoPriceSource } from '../../../shared/vocabulary/price-source.vocabulary.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

/**
 * Where a price came from. Generated seed prices (the operator's included) say they are demo values, and that their
 * dates were moved to end today when the loader shifted them.
 */
export function PriceSourceTag({ price }: { price: Pick<PriceObservation, 'source'> }) {
  const { t } = useI18n();
  const demo = isDemoPriceSource(price.source);
  const { state } = useApiQuery(demo ? { path: '/api/data-status' } : null);
  if (!demo) return <span data-testid="price-source">{price.source}</span>;
  const days = state.status === 'ready' ? (state.data.seed?.date_shift_days ?? 0) : 0;
  return (
    <span className="muted" data-testid="price-source" data-source="seed">
      {days === 0 ? t('demo.priceValue') : t('demo.priceValueShifted', { days })}
    </span>
  );
}
