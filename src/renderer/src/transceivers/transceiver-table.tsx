import type { Transceiver } from '../../../shared/api/catalogue/transceivers.schemas.js';
import { ConfidenceBadge } from '../components/confidence-badge.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useDashboard } from '../state/dashboard.store.js';
import { SortableHeader } from './sortable-header.js';

export function TransceiverTable({ items }: { items: Transceiver[] }) {
  const openProduct = useDashboard((s) => s.openProduct);
  return (
    <div className="table-scroll">
      <table className="table table-nowrap" data-testid="transceiver-table">
        <thead>
          <tr>
            <SortableHeader field="part_number" label="Part number" />
            <SortableHeader field="name" label="Name" />
            <SortableHeader field="vendor" label="Vendor" />
            <SortableHeader field="form_factor" label="Form factor" />
            <SortableHeader field="speed_gbps" label="Speed" numeric />
            <SortableHeader field="reach_meters" label="Reach" numeric />
            <th>Fiber</th>
            <th>WDM</th>
            <SortableHeader field="data_confidence" label="Confidence" />
          </tr>
        </thead>
        <tbody>
          {items.map((t) => (
            <tr key={t.id} className="clickable" data-id={t.slug} onClick={() => openProduct(t.slug)}>
              <td>
                <button type="button" className="link-button mono" onClick={() => openProduct(t.slug)}>
                  {t.part_number}
                </button>
              </td>
              <td className="ellipsis" title={t.name}>
                {t.name}
              </td>
              <td>{t.vendor_name}</td>
              <td>{t.form_factor}</td>
              <td className="num" data-col="speed">
                {formatSpeed(t.speed_gbps)}
              </td>
              <td className="num">{t.reach_label || '—'}</td>
              <td>{t.fiber_type}</td>
              <td>{t.wdm_type}</td>
              <td>
                <ConfidenceBadge value={t.data_confidence} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
