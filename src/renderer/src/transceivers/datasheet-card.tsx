import { useState } from 'react';
import type { PowerBudget, TransceiverDatasheet } from '../../../shared/api/sales/datasheets.schemas.js';
import { useApiQuery } from '../api/api-queries.js';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { DemoPriceMarker } from '../components/demo-price-marker.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';

type Format = 'html' | 'pdf';

/** The HTML and PDF export buttons; each fetches the file with the bearer token and offers it as a download. */
function ExportButtons({ datasheet }: { datasheet: TransceiverDatasheet }) {
  const client = useApiClient();
  const { t } = useI18n();
  const [state, setState] = useState<{ busy: Format | null; problem: string }>({ busy: null, problem: '' });

  async function download(format: Format) {
    setState({ busy: format, problem: '' });
    try {
      const path = format === 'html' ? '/api/datasheets/transceiver/:id/html' : '/api/datasheets/transceiver/:id/pdf';
      await client.download(path, {}, datasheet.exports[format].file_name, { id: datasheet.product.id });
      setState({ busy: null, problem: '' });
    } catch (error) {
      setState({ busy: null, problem: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <span className="csv-export">
      {(['html', 'pdf'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="button-secondary"
          data-testid={`datasheet-export-${format}`}
          disabled={state.busy !== null}
          onClick={() => void download(format)}
        >
          {state.busy === format ? t('sales.datasheets.exporting') : t(`sales.datasheets.export.${format}`)}
        </button>
      ))}
      {state.problem !== '' && (
        <span className="problem" role="alert">
          {state.problem}
        </span>
      )}
    </span>
  );
}

/** The budget in five figures, with the margin's sign spelled out (a negative margin needs better than worst-case cabling). */
function BudgetSummary({ budget }: { budget: PowerBudget }) {
  const { t, format } = useI18n();
  const dbm = (value: number) => `${format.number(value, 1)} dBm`;
  const db = (value: number | null) => (value === null ? t('sales.datasheets.reachUnknown') : `${format.number(value, 2)} dB`);
  const rows: Array<[string, string]> = [
    [t('sales.datasheets.tx'), `${dbm(budget.tx_power_min_dbm)} … ${dbm(budget.tx_power_max_dbm)}`],
    [t('sales.datasheets.rx'), dbm(budget.rx_sensitivity_dbm)],
    [t('sales.datasheets.budget'), db(budget.budget_db)],
    [t('sales.datasheets.fiberLoss', { attenuation: format.number(budget.attenuation_db_per_km, 2) }), db(budget.fiber_loss_db)],
    [t('sales.datasheets.connections'), db(budget.connection_allowance_db)],
    [t('sales.datasheets.margin'), db(budget.margin_db)],
  ];
  return (
    <>
      <dl className="facts" data-testid="datasheet-budget">
        {rows.map(([label, value]) => (
          <div key={label} className="fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {budget.per_lane && <p className="muted">{t('sales.datasheets.perLane')}</p>}
      {budget.margin_note !== null && (
        <p className="problem">
          {t('sales.datasheets.negativeMargin')} {budget.margin_note}
        </p>
      )}
      <p className="muted">{budget.source}</p>
    </>
  );
}

/** The product view's datasheet card: the optical power budget and the HTML and PDF exports. */
export function DatasheetCard({ id }: { id: string }) {
  const { state, reload } = useApiQuery({ path: '/api/datasheets/transceiver/:id', params: { id } });
  const { t } = useI18n();
  return (
    <Card title={t('sales.datasheets.title')} testId="datasheet-card" actions={state.status === 'ready' ? <ExportButtons datasheet={state.data} /> : undefined}>
      <AsyncView state={state} what={t('sales.datasheets.what')} onRetry={reload}>
        {(datasheet) => (
          <>
            {datasheet.power_budget === null ? (
              <p className="state state-empty">{datasheet.power_budget_note}</p>
            ) : (
              <BudgetSummary budget={datasheet.power_budget} />
            )}
            {datasheet.pricing.demo_notice !== null && (
              <p className="muted" data-testid="datasheet-demo-prices" title={datasheet.pricing.demo_notice}>
                <DemoPriceMarker demo /> {t('demo.datasheetNote')}
              </p>
            )}
          </>
        )}
      </AsyncView>
    </Card>
  );
}
