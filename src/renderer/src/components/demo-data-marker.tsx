import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

/**
 * The one place the dashboard says the catalogue is the generated demo data set (GET /api/data-status): shown while
 * the seed is in use, gone once real data has been imported. The full sentence is the tooltip.
 */
export function DemoDataMarker() {
  const { t } = useI18n();
  const { state } = useApiQuery({ path: '/api/data-status' });
  if (state.status !== 'ready' || !state.data.demo) return null;
  const status = state.data;
  const days = status.seed?.date_shift_days ?? 0;
  const title = t(days === 0 ? 'demo.markerTitle' : 'demo.markerTitleShifted', { brand: status.operator_brand, version: status.seed?.version ?? '', days });
  return (
    <span className="badge badge-warn demo-data-marker" data-testid="demo-data-marker" title={title} role="note" aria-label={title}>
      {t('demo.marker')}
    </span>
  );
}
