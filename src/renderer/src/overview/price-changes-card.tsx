import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';

const SHOWN = 8;

/** The latest recorded price changes across the shops; a product name opens it in the Transceivers tab. */
export function PriceChangesCard() {
  const { state, reload } = useApiQuery({ path: '/api/price-changes', query: { limit: SHOWN } });
  const openProduct = useDashboard((s) => s.openProduct);
  const { t, format } = useI18n();
  return (
    <Card title={t('priceChanges.title')} testId="price-changes">
      <AsyncView state={state} what={t('priceChanges.what')} onRetry={reload} isEmpty={(page) => page.items.length === 0} empty={t('priceChanges.empty')}>
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
                      {change.form_factor} {formatSpeed(change.speed_gbps)} · {change.vendor_name} · {format.date(change.changed_at)}
                    </span>
                    <div>
                      {format.price(change.old_price, change.currency)} → {format.price(change.new_price, change.currency)}{' '}
                      <strong className={up ? 'change-up' : 'change-down'}>
                        {up ? '▲' : '▼'} {format.number(Math.abs(change.change_pct), 1)} %
                      </strong>
                    </div>
                  </li>
                );
              })}
            </ul>
            <p className="muted">{t('priceChanges.total', { total: format.number(page.total) })}</p>
          </>
        )}
      </AsyncView>
    </Card>
  );
}
