import type { FinderOption } from '../../../../shared/api/sales/finder.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import { DemoPriceMarker } from '../../components/demo-price-marker.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { useDashboard } from '../../state/dashboard.store.js';
import { PriceList } from './price-list.js';

function StockCell({ option }: { option: FinderOption }) {
  const { t, format } = useI18n();
  const known = option.prices.find((p) => p.in_stock !== null);
  if (known === undefined) return <>—</>;
  if (!known.in_stock)
    return (
      <>
        <span className="badge badge-warn">{t('sales.finder.outOfStock')}</span>
        <DemoPriceMarker demo={known.demo} />
      </>
    );
  return (
    <>
      <span className="badge badge-good">
        {known.stock_qty === null ? t('sales.finder.inStock') : t('sales.finder.inStockQty', { qty: format.number(known.stock_qty) })}
      </span>
      <DemoPriceMarker demo={known.demo} />
    </>
  );
}

/** The operator's modules for one port speed: what to order (part number in the maker's coding), its reach, fit, price, stock and breakouts. */
export function FinderOptionsTable({ options }: { options: FinderOption[] }) {
  const { t } = useI18n();
  const openProduct = useDashboard((s) => s.openProduct);
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid="finder-options">
        <thead>
          <tr>
            <th>{t('sales.finder.col.part')}</th>
            <th>{t('sales.finder.col.module')}</th>
            <th>{t('sales.finder.col.reach')}</th>
            <th>{t('sales.finder.col.fit')}</th>
            <th>{t('sales.finder.col.coding')}</th>
            <th className="num">{t('sales.finder.col.price')}</th>
            <th>{t('sales.finder.col.stock')}</th>
            <th>{t('sales.finder.col.breakout')}</th>
          </tr>
        </thead>
        <tbody>
          {options.map((o) => (
            <tr key={o.product.id} data-testid="finder-option" data-slug={o.product.slug} data-fit={o.fit}>
              <td>
                <button
                  type="button"
                  className="link-button mono"
                  onClick={() => openProduct(o.product.slug)}
                  title={`${t('sales.finder.openProduct')}: ${o.product.name}`}
                >
                  {o.product.part_number}
                </button>
              </td>
              <td>
                {o.form_factor} {o.standard ?? formatSpeed(o.speed_gbps)}
                {o.temp_range === 'industrial' && <span className="muted"> · {t('sales.finder.industrial')}</span>}
              </td>
              <td>{o.reach_label || '—'}</td>
              <td>
                <span className={o.fit === 'native' ? 'badge badge-good' : 'badge badge-neutral'} title={o.fit_reason}>
                  {t(`sales.finder.fit.${o.fit}`)}
                </span>
              </td>
              <td>
                <span className={o.coding_match === 'maker' ? 'badge badge-good' : 'badge badge-neutral'}>{o.coding_to_order}</span>
              </td>
              <td className="num">
                <PriceList prices={o.prices} empty={<span className="muted">{t('sales.finder.unpriced')}</span>} />
              </td>
              <td>
                <StockCell option={o} />
              </td>
              <td>
                {o.breakouts.length === 0
                  ? '—'
                  : o.breakouts.map((b) => (
                      <div key={`${b.count}x${b.far_end_speed_gbps}`} title={[b.source, b.note].filter(Boolean).join('. ')} data-testid="finder-breakout">
                        {t('sales.finder.breakout', { count: b.count, speed: formatSpeed(b.far_end_speed_gbps), standards: b.far_end_standards.join(', ') })}
                        {b.far_end_products.length > 0 && (
                          <div className="muted small">{t('sales.finder.farEnd', { parts: b.far_end_products.map((f) => f.part_number).join(', ') })}</div>
                        )}
                      </div>
                    ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
