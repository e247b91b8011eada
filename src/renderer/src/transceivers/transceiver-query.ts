import type { TransceiverFilters, TransceiverListQuery } from '../../../shared/api/catalogue/transceivers.schemas.js';
import type { TransceiverQuery } from '../state/queries.js';

/** The filters as API query parameters (unset ones left out), shared by the table and the CSV export. */
export function filterParams(query: TransceiverQuery): TransceiverFilters {
  return {
    q: query.q.trim() || undefined,
    form_factor: query.form_factor || undefined,
    speed_gbps: query.speed_gbps || undefined,
    fiber_type: query.fiber_type || undefined,
    wdm_type: query.wdm_type || undefined,
    vendor: query.vendor || undefined,
    data_confidence: query.data_confidence || undefined,
    sort: query.sort,
    order: query.order,
  };
}

export function pageParams(query: TransceiverQuery): TransceiverListQuery {
  return { ...filterParams(query), limit: query.limit, offset: query.offset };
}
