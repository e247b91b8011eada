import type { PriceObservation } from '../../../shared/api/catalogue/prices.schemas.js';
import { formatDate, formatPrice } from '../format/format.utils.js';

export function CurrentPricesTable({ prices }: { prices: PriceObservation[] }) {
  if (prices.length === 0) return <p className="state state-empty">No current prices.</p>;
  return (
    <div className="table-scroll">
      <table className="table compact table-nowrap" data-testid="current-prices">
        <thead>
          <tr>
            <th>Shop</th>
            <th className="num">Price</th>
            <th>Stock</th>
            <th>Observed</th>
          </tr>
        </thead>
        <tbody>
          {prices.map((p) => (
            <tr key={p.id}>
              <td>{p.vendor_name}</td>
              <td className="num">{formatPrice(p.price, p.currency)}</td>
              <td>{p.in_stock === null ? '—' : p.in_stock ? 'in stock' : 'out of stock'}</td>
              <td>{formatDate(p.observed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
