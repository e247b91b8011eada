import type { TransportPlan } from '../../../../shared/api/sales/transport.schemas.js';
import { DemoPriceMarker } from '../../components/demo-price-marker.js';
import { useI18n } from '../../i18n/use-i18n.js';

/** The bill of materials: optics at the operator's prices, line systems and fibre to be quoted. */
export function BomTable({ plan }: { plan: TransportPlan }) {
  const { t, format } = useI18n();
  const money = (value: number | null) => (value === null ? t('sales.transport.toQuote') : format.price(value, plan.currency));
  return (
    <div className="table-scroll">
      <table className="table compact" data-testid="transport-bom">
        <thead>
          <tr>
            <th>{t('sales.transport.bom.item')}</th>
            <th>{t('sales.transport.bom.description')}</th>
            <th className="num">{t('sales.transport.bom.quantity')}</th>
            <th className="num">{t('sales.transport.bom.unitPrice')}</th>
            <th className="num">{t('sales.transport.bom.lineTotal')}</th>
            <th>{t('sales.transport.bom.providers')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.bom.lines.map((line, i) => (
            <tr key={`${line.kind}-${i}`} data-kind={line.kind}>
              <td className="mono">{line.item}</td>
              <td>{line.description}</td>
              <td className="num">
                {format.number(line.quantity, line.unit === 'km' ? 1 : 0)} {t(`sales.transport.unit.${line.unit}`)}
              </td>
              <td className="num">
                {money(line.unit_price)}
                <DemoPriceMarker demo={line.price_demo} />
              </td>
              <td className="num">
                {money(line.line_total)}
                <DemoPriceMarker demo={line.price_demo} />
              </td>
              <td>{line.providers.join(', ')}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th colSpan={4}>{t('sales.transport.bom.total', { currency: plan.currency, unpriced: plan.bom.unpriced_lines })}</th>
            <th className="num" data-testid="transport-bom-total">
              {format.price(plan.bom.total, plan.currency)}
              <DemoPriceMarker demo={plan.bom.demo_prices} />
            </th>
            <th />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
