import { useApiQuery } from '../../api/api-queries.js';
import { AsyncView } from '../../components/async-view.js';
import { Card } from '../../components/card.js';
import { useI18n } from '../../i18n/use-i18n.js';
import { Momentum, velocityLabel } from './demand-badges.js';

/** Demand per speed: where the units go, and whether each speed speeds up or slows down. */
export function DemandBySpeedCard() {
  const { state, reload } = useApiQuery({ path: '/api/internal/demand/by-speed' });
  const { t, format } = useI18n();
  return (
    <Card title={t('sales.demand.bySpeedTitle')} testId="demand-by-speed" wide>
      <AsyncView state={state} what={t('sales.demand.bySpeedWhat')} onRetry={reload} isEmpty={(d) => d.items.length === 0}>
        {(data) => (
          <div className="table-scroll">
            <table className="table compact">
              <thead>
                <tr>
                  <th>{t('field.speed')}</th>
                  <th className="num">{t('sales.demand.col.skus')}</th>
                  <th className="num">{t('sales.demand.col.withData')}</th>
                  <th className="num">{t('sales.demand.col.units12m')}</th>
                  <th className="num">{t('sales.demand.col.share')}</th>
                  <th className="num">{t('sales.demand.col.rate30')}</th>
                  <th className="num">{t('sales.demand.col.stock')}</th>
                  <th className="num">{t('sales.demand.col.momentum')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((g) => (
                  <tr key={g.speed ?? 'none'} data-testid="demand-speed-row" data-speed={g.speed ?? 'none'}>
                    <td>{g.speed ?? t('sales.demand.noSpeed')}</td>
                    <td className="num">{format.number(g.skus)}</td>
                    <td className="num">{format.number(g.skus_with_data)}</td>
                    <td className="num">{format.number(g.units_12m)}</td>
                    <td className="num">{format.number(g.share_of_units_pct, 1)} %</td>
                    <td className="num">{format.number(g.run_rate_30d, 1)}</td>
                    <td className="num">{format.number(g.stock_de)}</td>
                    <td className="num">
                      <Momentum ratio={g.momentum_ratio} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AsyncView>
    </Card>
  );
}

/** The velocity classes with the rule that puts an SKU into each. */
export function VelocityCard() {
  const { state, reload } = useApiQuery({ path: '/api/internal/demand/velocity' });
  const { t, format } = useI18n();
  return (
    <Card title={t('sales.demand.velocityTitle')} testId="demand-velocity" wide>
      <AsyncView state={state} what={t('sales.demand.velocityWhat')} onRetry={reload}>
        {(data) => (
          <table className="table compact">
            <thead>
              <tr>
                <th>{t('sales.demand.col.velocity')}</th>
                <th className="num">{t('sales.demand.col.skus')}</th>
                <th className="num">{t('sales.demand.col.units12m')}</th>
                <th className="num">{t('sales.demand.col.share')}</th>
                <th className="num">{t('sales.demand.col.stock')}</th>
                <th className="num">{t('sales.demand.col.momentum')}</th>
                <th>{t('sales.demand.col.rule')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((c) => (
                <tr key={c.velocity_class} data-testid="demand-velocity-row" data-velocity={c.velocity_class}>
                  <td>{velocityLabel(c.velocity_class, t)}</td>
                  <td className="num">{format.number(c.skus)}</td>
                  <td className="num">{format.number(c.units_12m)}</td>
                  <td className="num">{format.number(c.share_of_units_pct, 1)} %</td>
                  <td className="num">{format.number(c.stock_de)}</td>
                  <td className="num">
                    <Momentum ratio={c.momentum_ratio} />
                  </td>
                  <td className="muted small">{c.rule}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AsyncView>
    </Card>
  );
}
