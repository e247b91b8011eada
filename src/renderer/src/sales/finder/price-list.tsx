import type { ReactNode } from 'react';
import type { FinderOption } from '../../../../shared/api/sales/finder.schemas.js';
import { DemoPriceMarker } from '../../components/demo-price-marker.js';
import { useI18n } from '../../i18n/use-i18n.js';

/** Latest prices, one per currency ("£120 · $150"), each with its demo tag; `empty` stands in when there is none. */
export function PriceList({ prices, empty }: { prices: readonly Pick<FinderOption['prices'][number], 'price' | 'currency' | 'demo'>[]; empty: ReactNode }) {
  const { format } = useI18n();
  if (prices.length === 0) return <>{empty}</>;
  return prices.map((p, i) => (
    <span key={p.currency}>
      {i > 0 && ' · '}
      {format.price(p.price, p.currency)}
      <DemoPriceMarker demo={p.demo} />
    </span>
  ));
}
