import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { Pagination } from '../components/pagination.js';
import { useApiQuery } from '../api/api-queries.js';
import { useDashboard } from '../state/dashboard.store.js';
import { CsvExportButton } from './csv-export-button.js';
import { TransceiverFilters } from './transceiver-filters.js';
import { pageParams } from './transceiver-query.js';
import { TransceiverTable } from './transceiver-table.js';

export function TransceiverListView() {
  const query = useDashboard((s) => s.transceiverQuery);
  const update = useDashboard((s) => s.updateTransceiverQuery);
  const { state, reload } = useApiQuery({ path: '/api/transceivers', query: pageParams(query) });
  const total = state.status === 'ready' ? state.data.total : 0;

  return (
    <Card title="Transceivers" testId="transceivers" wide actions={<CsvExportButton total={total} />}>
      <TransceiverFilters />
      <AsyncView
        state={state}
        what="transceivers"
        onRetry={reload}
        isEmpty={(page) => page.total === 0}
        empty="No transceivers match these filters. Loosen a filter or press Reset."
      >
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
  );
}
