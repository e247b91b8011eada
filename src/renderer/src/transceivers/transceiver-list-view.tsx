import { useState } from 'react';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { Pagination } from '../components/pagination.js';
import { useApiQuery } from '../api/api-queries.js';
import { ImportPanel } from '../import/import-panel.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { CsvExportButton } from './csv-export-button.js';
import { TransceiverFilters } from './transceiver-filters.js';
import { pageParams } from './transceiver-query.js';
import { TransceiverTable } from './transceiver-table.js';

export function TransceiverListView() {
  const query = useDashboard((s) => s.transceiverQuery);
  const update = useDashboard((s) => s.updateTransceiverQuery);
  const { state, reload } = useApiQuery({ path: '/api/transceivers', query: pageParams(query) });
  const [importing, setImporting] = useState(false);
  const { t } = useI18n();
  const total = state.status === 'ready' ? state.data.total : 0;
  const actions = (
    <span className="card-actions">
      <button type="button" className="button-secondary" data-testid="import-open" aria-expanded={importing} onClick={() => setImporting(!importing)}>
        {t('import.open')}
      </button>
      <CsvExportButton total={total} />
    </span>
  );

  return (
    <div className="stack">
      {importing && <ImportPanel kind="transceivers" onClose={() => setImporting(false)} />}
      <Card title={t('transceivers.title')} testId="transceivers" wide actions={actions}>
        <TransceiverFilters />
        <AsyncView state={state} what={t('transceivers.what')} onRetry={reload} isEmpty={(page) => page.total === 0} empty={t('transceivers.empty')}>
          {(page) => (
            <>
              <TransceiverTable items={page.items} />
              <Pagination
                total={page.total}
                limit={page.limit}
                offset={page.offset}
                onOffset={(offset) => update({ offset })}
                onLimit={(limit) => update({ limit })}
              />
            </>
          )}
        </AsyncView>
      </Card>
    </div>
  );
}
