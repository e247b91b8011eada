import type { CompetitorAlert } from '../../../../shared/api/sales/competitor-alerts.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { useDashboard } from '../../state/dashboard.store.js';
import { SeverityBadge } from './alert-badges.js';

/** Before -> after: the price with its percentage, or the stock state; a new product has neither. */
function Change({ alert }: { alert: CompetitorAlert }) {
  const { t, format } = useI18n();
  if (alert.price) {
    const { old_price, new_price, currency, change_pct } = alert.price;
    return (
      <span data-testid="alert-change">
        {format.price(old_price, currency)} → {format.price(new_price, currency)}{' '}
        <strong className={change_pct > 0 ? 'change-up' : 'change-down'}>
          {change_pct > 0 ? '▲' : '▼'} {format.number(Math.abs(change_pct), 2)} %
        </strong>
      </span>
    );
  }
  if (alert.stock) {
    const word = (inStock: boolean) => t(inStock ? 'sales.alerts.inStock' : 'sales.alerts.outOfStock');
    return (
      <span data-testid="alert-change">
        {word(alert.stock.was_in_stock)} → <strong>{word(alert.stock.in_stock)}</strong>
      </span>
    );
  }
  // Alerts stored before their figures were kept (migration 010) carry only their text.
  if (alert.kind !== 'new_product') return <span className="muted">{alert.detail ?? '—'}</span>;
  return <span className="muted">{t('sales.alerts.newListing')}</span>;
}

export function AlertRow({ alert }: { alert: CompetitorAlert }) {
  const { t, format } = useI18n();
  const openProduct = useDashboard((s) => s.openProduct);
  return (
    <tr data-testid="alert-row" data-kind={alert.kind} data-severity={alert.severity}>
      <td className="table-nowrap">{format.dateTime(alert.created_at)}</td>
      <td>
        <SeverityBadge severity={alert.severity} />
      </td>
      <td>{t(`sales.alerts.kind.${alert.kind}`)}</td>
      <td>{alert.vendor_name}</td>
      <td>
        {alert.product ? (
          <>
            <button type="button" className="link-button" onClick={() => openProduct(alert.product!.slug)} title={alert.product.name}>
              {alert.product.part_number}
            </button>{' '}
            <span className="muted">
              {alert.product.form_factor} {formatSpeed(alert.product.speed_gbps)}
            </span>
          </>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td>
        <Change alert={alert} />
      </td>
    </tr>
  );
}
