import type { ComparableProduct } from '../../../shared/api/catalogue/prices.schemas.js';
import { DemoPriceMarker } from '../components/demo-price-marker.js';
import { useI18n } from '../i18n/use-i18n.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useDashboard } from '../state/dashboard.store.js';

/** How a converted price came about (the rate, its day and source), or why the row could not be converted. */
function conversionTitle(c: ComparableProduct, t: ReturnType<typeof useI18n>['t'], date: (iso: string) => string): string | undefined {
  if (c.price_converted === null) return c.conversion_note ?? undefined;
  const { rate, rate_as_of, rate_source } = c.price_converted;
  // Already in the comparison currency: no rate was applied, the source says so.
  if (rate_as_of === null) return rate_source;
  return t('comparables.rate', { rate: String(rate), day: rate_as_of === null ? '—' : date(rate_as_of), source: rate_source });
}

/** Products matching this one by the comparable rule (same form factor, speed, medium and reach class); each opens in place. */
export function ComparablesTable({ items }: { items: ComparableProduct[] }) {
  const openProduct = useDashboard((s) => s.openProduct);
  const { t, format } = useI18n();
  if (items.length === 0) return <p className="state state-empty">{t('comparables.none')}</p>;
  return (
    <div className="table-scroll">
      <table className="table compact table-nowrap" data-testid="comparables">
        <thead>
          <tr>
            <th>{t('field.partNumber')}</th>
            <th>{t('field.vendor')}</th>
            <th>{t('comparables.match')}</th>
            <th className="num">{t('field.price')}</th>
            <th className="num">{t('comparables.inUsd')}</th>
            <th>{t('field.observed')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={`${c.transceiver_id}-${c.currency ?? 'none'}`}>
              <td>
                <button type="button" className="link-button mono" onClick={() => openProduct(c.slug)}>
                  {c.part_number}
                </button>
              </td>
              <td>
                {c.vendor_name} <span className="muted">({t(`vendorKind.${c.vendor_kind}`)})</span>
              </td>
              <td>
                {c.comp_form_factor} {formatSpeed(c.comp_speed_gbps)} {c.comp_fiber_type} {c.comp_reach_label}
              </td>
              <td className="num">
                {c.price === null || c.currency === null ? '—' : format.price(c.price, c.currency)}
                <DemoPriceMarker demo={c.price_demo} />
              </td>
              <td className="num" data-testid="converted-price" title={conversionTitle(c, t, format.date)}>
                {c.price_converted === null ? '—' : format.price(c.price_converted.amount, c.price_converted.currency)}
                <DemoPriceMarker demo={c.price_demo && c.price_converted !== null} />
              </td>
              <td>{c.observed_at === null ? '—' : format.date(c.observed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
