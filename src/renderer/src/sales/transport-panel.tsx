import { type ReactNode, useState } from 'react';
import type { TransportPlan, TransportPlanRequest } from '../../../shared/api/sales/transport.schemas.js';
import { useApiPostQuery, useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { useI18n } from '../i18n/use-i18n.js';
import { BomTable } from './transport/bom-table.js';
import { BudgetTable } from './transport/budget-table.js';
import { RouteMap } from './transport/route-map.js';
import { TransportForm } from './transport/transport-form.js';

/** A protected plan across the network opens the view, so a salesperson sees what the planner does at once. */
const FIRST_PLAN: TransportPlanRequest = { from: 'london', to: 'frankfurt', capacity: '4x100G', protection: '1+1', currency: 'GBP' };

/** The transport planner: pick two cities and a capacity; see the route on a map, the per-span budget and the BOM. */
export function TransportPanel() {
  const { t } = useI18n();
  const [request, setRequest] = useState<TransportPlanRequest>(FIRST_PLAN);
  const network = useApiQuery({ path: '/api/transport/network' });
  const plan = useApiPostQuery('/api/transport/plan', request);
  return (
    <div className="stack" data-testid="transport-panel">
      <AsyncView state={network.state} what={t('sales.transport.networkWhat')} onRetry={network.reload}>
        {(net) => (
          <>
            <Card title={t('sales.section.transport')} wide testId="transport-request">
              <TransportForm cities={net.cities} initial={FIRST_PLAN} onPlan={setRequest} />
            </Card>
            <AsyncView state={plan.state} what={t('sales.transport.planWhat')} onRetry={plan.reload}>
              {(p) => <PlanView plan={p} names={new Map(net.cities.map((c) => [c.id, c.name]))} map={<RouteMap network={net} plan={p} />} />}
            </AsyncView>
          </>
        )}
      </AsyncView>
    </div>
  );
}

function PlanView({ plan, names, map }: { plan: TransportPlan; names: ReadonlyMap<string, string>; map: ReactNode }) {
  const { t, format } = useI18n();
  return (
    <div className="grid grid-2" data-testid="transport-plan">
      <Card title={t('sales.transport.route', { from: plan.from.name, to: plan.to.name })}>
        {map}
        <ul className="small" data-testid="transport-paths">
          {plan.paths.map((path) => (
            <li key={path.role} data-role={path.role}>
              <strong>{t(`sales.transport.role.${path.role}`)}</strong>: {path.cities.map((id) => names.get(id) ?? id).join(' → ')} ·{' '}
              {t('sales.transport.pathKm', { km: format.number(path.km), spans: path.spans.length })}
            </li>
          ))}
        </ul>
        {plan.notes.length > 0 && (
          <ul className="muted small" data-testid="transport-notes">
            {plan.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </Card>
      <Card title={t('sales.transport.budgetTitle')}>
        <BudgetTable plan={plan} names={names} />
      </Card>
      <Card title={t('sales.transport.bomTitle', { capacity: `${plan.capacity.count}x${plan.capacity.speed}` })} wide>
        <BomTable plan={plan} />
      </Card>
    </div>
  );
}
