import type { ComparableProduct } from '../../../shared/api/catalogue/prices.schemas.js';
import { formatDate, formatPrice } from '../format/format.utils.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useDashboard } from '../state/dashboard.store.js';

/** Products matching this one by the comparable rule; each opens in place. */
export function ComparablesTable({ items }: { items: ComparableProduct[] }) {
  const openProduct = useDashboard((s) => s.openProduct);
  if (items.length === 0) return <p className="state state-empty">No comparable products in the catalogue.</p>;
  return (
    <div className="table-scroll">
      <table className="table compact table-nowrap" data-testid="comparables">
        <thead>
          <tr>
            <th>Part number</th>
            <th>Vendor</th>
            <th>Match</th>
            <th className="num">Price</th>
            <th>Observed</th>
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
                {c.vendor_name} <span className="muted">({c.vendor_kind})</span>
              </td>
              <td>
                {c.comp_form_factor} {formatSpeed(c.comp_speed_gbps)} {c.comp_fiber_type} {c.comp_reach_label}
              </td>
              <td className="num">{c.price === null || c.currency === null ? '—' : formatPrice(c.price, c.currency)}</td>
              <td>{c.observed_at === null ? '—' : formatDate(c.observed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
