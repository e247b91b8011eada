import type { ComparableProduct } from '../../../shared/api/catalogue/prices.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useDashboard } from '../state/dashboard.store.js';

/** Products matching this one by the comparable rule; each opens in place. */
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
              <td className="num">{c.price === null || c.currency === null ? '—' : format.price(c.price, c.currency)}</td>
              <td>{c.observed_at === null ? '—' : format.date(c.observed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
