/** What the user asked the Transceivers and Search tabs for; plain data (no React), so pure helpers can share it. */
import type { DataConfidence, FiberType, SortOrder, TransceiverSortField, WdmType } from '../../../shared/vocabulary/catalogue.vocabulary.js';
import type { CollectionName } from '../../../shared/vocabulary/search.vocabulary.js';

/** The transceiver table's filters, sort and page: the same values go to the list and to the CSV export. '' = any. */
export interface TransceiverQuery {
  q: string;
  form_factor: string;
  speed_gbps: string;
  fiber_type: FiberType | '';
  wdm_type: WdmType | '';
  vendor: string;
  data_confidence: DataConfidence | '';
  sort: TransceiverSortField;
  order: SortOrder;
  limit: number;
  offset: number;
}

export const EMPTY_TRANSCEIVER_QUERY: TransceiverQuery = {
  q: '',
  form_factor: '',
  speed_gbps: '',
  fiber_type: '',
  wdm_type: '',
  vendor: '',
  data_confidence: '',
  sort: 'part_number',
  order: 'asc',
  limit: 25,
  offset: 0,
};

/** A submitted semantic search: kept in the store so it survives a visit to a product and back. */
export interface SearchRequest {
  q: string;
  /** '' = every collection. */
  collection: CollectionName | '';
  form_factor: string;
  speed_gbps: string;
  fiber_type: FiberType | '';
  wdm_type: WdmType | '';
}
