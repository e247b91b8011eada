import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { formatDate, formatNumber, formatPrice } from '../format/format.utils.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useApiQuery } from '../api/api-queries.js';
import { useDashboard } from '../state/dashboard.store.js';

const SHOWN = 8;

/** The latest recorded price changes across the shops; a product name opens it in the Transceivers tab. */
export function PriceChangesCard() {
  const { state, reload } = useApiQuery({ path: '/api/price-changes', query: { limit: SHOWN } });
  const openProduct = useDashboard((s) => s.openProduct);
  return (
    <Card title="Recent price changes" testId="price-changes">
      <AsyncView state={state} what="price changes" onRetry={reload} isEmpty={(page) => page.items.length === 0} empty="No price changes recorded yet.">
        {(page) => (
          <>
            <ul className="price-changes">
              {page.items.map((change) => {
                const up = change.new_price > change.old_price;
                return (
                  <li key={change.id} data-testid="price-change-row">
                    <button type="button" className="link-button" onClick={() => openProduct(change.slug)} title={change.name}>
                      {change.part_number}
                    </button>{' '}
                    <span className="muted">
                      {change.form_factor} {formatSpeed(change.speed_gbps)} · {change.vendor_name} · {formatDate(change.changed_at)}
                    </span>
                    <div>
                      {formatPrice(change.old_price, change.currency)} → {formatPrice(change.new_price, change.currency)}{' '}
                      <strong className={up ? 'change-up' : 'change-down'}>
                        {up ? '▲' : '▼'} {formatNumber(Math.abs(change.change_pct), 1)} %
                      </strong>
                    </div>
                  </li>
                );
              })}
            </ul>
            <p className="muted">{formatNumber(page.total)} changes recorded in all</p>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
