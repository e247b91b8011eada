import type { TransceiverListItem } from '../../../shared/api/catalogue/transceivers.schemas.js';
import { ConfidenceBadge } from '../components/confidence-badge.js';
import { DemoPriceMarker } from '../components/demo-price-marker.js';
import { formatSpeed } from '../../../shared/speed.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { SortableHeader } from './sortable-header.js';

export function TransceiverTable({ items }: { items: TransceiverListItem[] }) {
  const openProduct = useDashboard((s) => s.openProduct);
  const { t, format } = useI18n();
  return (
    <div className="table-scroll">
      <table className="table table-nowrap transceiver-table" data-testid="transceiver-table">
        <thead>
          <tr>
            <SortableHeader field="part_number" label={t('field.partNumber')} />
            <SortableHeader field="name" label={t('field.name')} />
            <SortableHeader field="vendor" label={t('field.vendor')} />
            <SortableHeader field="form_factor" label={t('field.formFactor')} />
            <SortableHeader field="speed_gbps" label={t('field.speed')} numeric />
            <SortableHeader field="reach_meters" label={t('field.reach')} numeric />
            <th>{t('field.fiber')}</th>
            <th>{t('field.wdm')}</th>
            <th className="num" title={t('table.priceTitle')}>
              {t('table.currentPrice')}
            </th>
            <SortableHeader field="data_confidence" label={t('field.confidence')} />
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="clickable" data-id={item.slug} onClick={() => openProduct(item.slug)}>
              <td>
                <button type="button" className="link-button mono" onClick={() => openProduct(item.slug)}>
                  {item.part_number}
                </button>
              </td>
              <td className="ellipsis" title={item.name}>
                {item.name}
              </td>
              <td className="ellipsis-short" title={item.vendor_name}>
                {item.vendor_name}
              </td>
              <td>{item.form_factor}</td>
              <td className="num" data-col="speed">
                {formatSpeed(item.speed_gbps)}
              </td>
              <td className="num ellipsis-short" title={item.reach_label || undefined}>
                {item.reach_label || '—'}
              </td>
              <td>{item.fiber_type}</td>
              <td>{item.wdm_type}</td>
              <td
                className="num"
                data-col="price"
                title={
                  item.current_price
                    ? t('table.priceSeen', { shop: item.current_price.vendor_name, date: format.date(item.current_price.observed_at) })
                    : undefined
                }
              >
                {item.current_price ? format.price(item.current_price.price, item.current_price.currency) : '—'}
                <DemoPriceMarker demo={item.current_price?.demo ?? false} />
              </td>
              <td>
                <ConfidenceBadge value={item.data_confidence} demo={item.provenance?.demo ?? false} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
