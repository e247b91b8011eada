import type { PriceObservation } from '../../../shared/api/catalogue/prices.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';
import { PriceSourceTag } from './price-source-tag.js';

export function CurrentPricesTable({ prices }: { prices: PriceObservation[] }) {
  const { t, format } = useI18n();
  if (prices.length === 0) return <p className="state state-empty">{t('prices.none')}</p>;
  return (
    <div className="table-scroll">
      <table className="table compact table-nowrap" data-testid="current-prices">
        <thead>
          <tr>
            <th>{t('prices.shop')}</th>
            <th className="num">{t('field.price')}</th>
            <th>{t('prices.stock')}</th>
            <th>{t('field.observed')}</th>
            <th>{t('demo.priceSource')}</th>
          </tr>
        </thead>
        <tbody>
          {prices.map((p) => (
            <tr key={p.id}>
              <td>{p.vendor_name}</td>
              <td className="num">{format.price(p.price, p.currency)}</td>
              <td>{p.in_stock === null ? '—' : p.in_stock ? t('prices.inStock') : t('prices.outOfStock')}</td>
              <td>{format.date(p.observed_at)}</td>
              <td>
                <PriceSourceTag price={p} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
