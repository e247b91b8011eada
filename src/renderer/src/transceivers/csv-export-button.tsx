import { useState } from 'react';
import { useI18n } from '../i18n/use-i18n.js';
import { useApiClient } from '../state/api-context.js';
import { useDashboard } from '../state/dashboard.store.js';
import { filterParams } from './transceiver-query.js';

/** Downloads GET /api/transceivers.csv with the table's current filters and sort (every matching row, not one page). */
export function CsvExportButton({ total }: { total: number }) {
  const client = useApiClient();
  const query = useDashboard((s) => s.transceiverQuery);
  const { t, format } = useI18n();
  const [state, setState] = useState<{ busy: boolean; problem: string }>({ busy: false, problem: '' });

  async function exportCsv() {
    setState({ busy: true, problem: '' });
    try {
      await client.download('/api/transceivers.csv', filterParams(query), 'transceivers.csv');
      setState({ busy: false, problem: '' });
    } catch (error) {
      setState({ busy: false, problem: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <span className="csv-export">
      <button type="button" className="button-secondary" data-testid="csv-export" disabled={state.busy || total === 0} onClick={() => void exportCsv()}>
        {state.busy ? t('csv.exporting') : t('csv.export', { total: format.number(total) })}
      </button>
      {state.problem !== '' && (
        <span className="problem" role="alert">
          {state.problem}
        </span>
      )}
    </span>
  );
}
