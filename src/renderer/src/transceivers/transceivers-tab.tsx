import { useDashboard } from '../state/dashboard.store.js';
import { TransceiverDetailView } from './transceiver-detail-view.js';
import { TransceiverListView } from './transceiver-list-view.js';

export function TransceiversTab() {
  const productId = useDashboard((s) => s.productId);
  return productId === null ? <TransceiverListView /> : <TransceiverDetailView id={productId} />;
}
