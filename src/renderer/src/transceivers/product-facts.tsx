import type { Transceiver } from '../../../shared/api/catalogue/transceivers.schemas.js';
import { ConfidenceBadge } from '../components/confidence-badge.js';
import { useI18n } from '../i18n/use-i18n.js';
import { ProvenanceFact } from './provenance-fact.js';
import { formatSpeed } from '../../../shared/speed.js';

export function ProductFacts({ product }: { product: Transceiver }) {
  const { t, format } = useI18n();
  const rows: Array<[string, string]> = [
    [t('field.vendor'), `${product.vendor_name} (${t(`vendorKind.${product.vendor_kind}`)})`],
    [t('field.formFactor'), product.form_factor],
    [t('field.speed'), formatSpeed(product.speed_gbps)],
    [t('facts.standard'), product.standard ?? '—'],
    [t('field.reach'), product.reach_label || t('facts.unverified')],
    [t('facts.fiberWdm'), `${product.fiber_type} / ${product.wdm_type}`],
    [t('facts.wavelengths'), product.wavelengths.length > 0 ? product.wavelengths.map((w) => `${format.number(w, w % 1 === 0 ? 0 : 2)} nm`).join('; ') : '—'],
    [t('facts.connector'), product.connector ?? '—'],
    [t('facts.lanes'), `${product.lanes ?? '—'} / ${product.modulation ?? '—'}`],
    [t('facts.power'), product.power_w === null ? '—' : `${format.number(product.power_w, 1)} W`],
    [t('facts.temperature'), product.temp_range ?? '—'],
    ['DOM', product.dom_support ? t('facts.yes') : t('facts.no')],
    [t('facts.platformCoding'), product.platform_coding ?? '—'],
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
        <dt>{t('field.confidence')}</dt>
        <dd>
          <ConfidenceBadge value={product.data_confidence} demo={product.provenance?.demo ?? false} />
        </dd>
      </div>
      <ProvenanceFact product={product} />
    </dl>
  );
}
