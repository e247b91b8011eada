import type { StockAnalysisItem } from '../../../../shared/api/sales/demand.schemas.js';
import { formatSpeed } from '../../../../shared/speed.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { Momentum, UrgencyBadge, velocityLabel } from './demand-badges.js';

/** One row per SKU, most urgent first (the service sorts): stock, run-rates, coverage, momentum and urgency. */
export function StockTable({ items }: { items: StockAnalysisItem[] }) {
  const { t, format } = useI18n();
  const rate = (x: number | null) => (x === null ? '—' : format.number(x, 1));
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid="demand-stock-table">
        <thead>
          <tr>
            <th>{t('sales.demand.col.urgency')}</th>
            <th>{t('sales.demand.col.sku')}</th>
            <th>{t('sales.demand.col.description')}</th>
            <th>{t('field.formFactor')}</th>
            <th className="num">{t('field.speed')}</th>
            <th>{t('sales.demand.col.velocity')}</th>
            <th className="num">{t('sales.demand.col.stock')}</th>
            <th className="num">{t('sales.demand.col.coverage')}</th>
            <th className="num">{t('sales.demand.col.momentum')}</th>
            <th className="num">{t('sales.demand.col.rate30')}</th>
            <th className="num">{t('sales.demand.col.rate90')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.sku} data-testid="demand-row" data-sku={item.sku} data-urgency={item.reorder_urgency ?? 'unassessed'}>
              <td>
                <UrgencyBadge urgency={item.reorder_urgency} />
              </td>
              <td className="mono">
                {item.sku}
                {item.is_internal && <span className="badge badge-neutral"> {t('sales.demand.internal')}</span>}
              </td>
              <td className="ellipsis demand-description" title={item.description}>
                {item.description}
              </td>
              <td>{item.form_factor ?? '—'}</td>
              <td className="num">{item.speed_gbps === null ? '—' : formatSpeed(item.speed_gbps)}</td>
              <td>{velocityLabel(item.velocity_class, t)}</td>
              <td className="num">{item.stock_de === null ? '—' : format.number(item.stock_de)}</td>
              <td className="num" data-testid="coverage">
                {item.coverage_days_de !== null ? format.number(item.coverage_days_de, 1) : item.has_demand_data ? t('sales.demand.unbounded') : '—'}
              </td>
              <td className="num">
                <Momentum ratio={item.momentum_ratio} />
              </td>
              <td className="num">{rate(item.run_rate_30d)}</td>
              <td className="num">{rate(item.run_rate_90d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
