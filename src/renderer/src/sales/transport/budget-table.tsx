import type { TransportPlan } from '../../../../shared/api/sales/transport.schemas.js';
import { useI18n } from '../../i18n/use-i18n.js';

/** One row per span of each path: provider, optic, line build and the section's power budget. */
export function BudgetTable({ plan, names }: { plan: TransportPlan; names: ReadonlyMap<string, string> }) {
  const { t, format } = useI18n();
  const city = (id: string) => names.get(id) ?? id;
  const db = (value: number) => format.number(value, 1);
  return (
    <div className="table-scroll">
      <table className="table compact table-nowrap" data-testid="transport-budget">
        <thead>
          <tr>
            <th>{t('sales.transport.span.path')}</th>
            <th>{t('sales.transport.span.span')}</th>
            <th className="num">{t('sales.transport.span.km')}</th>
            <th>{t('sales.transport.span.provider')}</th>
            <th>{t('sales.transport.span.optic')}</th>
            <th className="num">{t('sales.transport.span.modules')}</th>
            <th className="num">{t('sales.transport.span.amplifiers')}</th>
            <th className="num">{t('sales.transport.span.regens')}</th>
            <th className="num">{t('sales.transport.span.section')}</th>
            <th className="num">{t('sales.transport.span.launch')}</th>
            <th className="num">{t('sales.transport.span.loss')}</th>
            <th className="num">{t('sales.transport.span.sensitivity')}</th>
            <th className="num">{t('sales.transport.span.margin')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.paths.flatMap((path) =>
            path.spans.map((span) => (
              <tr key={`${path.role}-${span.route_id}`} data-role={path.role} data-route={span.route_id}>
                <td>{t(`sales.transport.role.${path.role}`)}</td>
                <td>
                  {city(span.from)} – {city(span.to)}
                </td>
                <td className="num">{format.number(span.km, 1)}</td>
                <td>{span.provider?.name ?? <em>{t('sales.transport.toBeSourced')}</em>}</td>
                <td title={span.optic.name}>{span.optic.standard}</td>
                <td className="num">{span.modules}</td>
                <td className="num">{span.inline_amplifier_sites}</td>
                <td className="num">{span.regeneration_sites}</td>
                {span.budget === null ? (
                  <td colSpan={5} className="muted">
                    {t('sales.transport.leased', { water: span.water_crossing?.water ?? '' })}
                  </td>
                ) : (
                  <>
                    <td className="num">{format.number(span.budget.section_km, 1)}</td>
                    <td className="num">{db(span.budget.launch_dbm)}</td>
                    <td
                      className="num"
                      title={t('sales.transport.lossParts', {
                        fiber: db(span.budget.fiber_loss_db),
                        connectors: db(span.budget.connector_loss_db),
                        splices: db(span.budget.splice_loss_db),
                      })}
                    >
                      {db(span.budget.total_loss_db)}
                    </td>
                    <td className="num">{db(span.budget.rx_sensitivity_dbm)}</td>
                    <td className="num">{db(span.budget.margin_db)}</td>
                  </>
                )}
              </tr>
            )),
          )}
        </tbody>
      </table>
      <p className="muted small">
        {t('sales.transport.budgetNote', {
          fiber1310: format.number(plan.assumptions.fiber_loss_1310_db_per_km, 2),
          fiber1550: format.number(plan.assumptions.fiber_loss_1550_db_per_km, 2),
          connector: format.number(plan.assumptions.connector_loss_db, 1),
          splice: format.number(plan.assumptions.splice_loss_db, 1),
          spacing: plan.assumptions.splice_spacing_km,
          margin: format.number(plan.assumptions.required_margin_db, 1),
        })}
      </p>
    </div>
  );
}
