import type { QueryParams } from '../api/query-string.js';
import type { TransceiverQuery } from '../state/queries.js';

/** The filters as API query parameters (empty ones left out), shared by the table and the CSV export. */
export function filterParams(query: TransceiverQuery): QueryParams {
  return {
    q: query.q.trim(),
    form_factor: query.form_factor,
    speed_gbps: query.speed_gbps,
    fiber_type: query.fiber_type,
    wdm_type: query.wdm_type,
    vendor: query.vendor,
    data_confidence: query.data_confidence,
    sort: query.sort,
    order: query.order,
  };
}

export function pageParams(query: TransceiverQuery): QueryParams {
  return { ...filterParams(query), limit: query.limit, offset: query.offset };
}
