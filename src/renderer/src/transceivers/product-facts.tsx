import type { Transceiver } from '../../../shared/api/catalogue/transceivers.schemas.js';
import { ConfidenceBadge } from '../components/confidence-badge.js';
import { formatNumber } from '../format/format.utils.js';
import { formatSpeed } from '../../../shared/speed.js';

export function ProductFacts({ product }: { product: Transceiver }) {
  const rows: Array<[string, string]> = [
    ['Vendor', `${product.vendor_name} (${product.vendor_kind})`],
    ['Form factor', product.form_factor],
    ['Speed', formatSpeed(product.speed_gbps)],
    ['Standard', product.standard ?? '—'],
    ['Reach', product.reach_label || 'unverified'],
    ['Fiber / WDM', `${product.fiber_type} / ${product.wdm_type}`],
    ['Wavelengths', product.wavelengths.length > 0 ? product.wavelengths.map((w) => `${formatNumber(w)} nm`).join(', ') : '—'],
    ['Connector', product.connector ?? '—'],
    ['Lanes / modulation', `${product.lanes ?? '—'} / ${product.modulation ?? '—'}`],
    ['Power', product.power_w === null ? '—' : `${formatNumber(product.power_w, 1)} W`],
    ['Temperature', product.temp_range ?? '—'],
    ['DOM', product.dom_support ? 'yes' : 'no'],
    ['Platform coding', product.platform_coding ?? '—'],
  ];
  return (
    <dl className="facts" data-testid="product-facts">
      {rows.map(([label, value]) => (
        <div key={label} className="fact">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="fact">
        <dt>Data confidence</dt>
        <dd>
          <ConfidenceBadge value={product.data_confidence} />
        </dd>
      </div>
    </dl>
  );
}
