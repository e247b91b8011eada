import type { Transceiver } from '../../../shared/api/catalogue/transceivers.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';

/** The product's origin in the facts list: a generated demo row names its generator and reference day. */
export function ProvenanceFact({ product }: { product: Transceiver }) {
  const { t } = useI18n();
  const p = product.provenance;
  if (p === undefined) return null;
  const value = p.origin === 'seed' ? t('demo.originSeed', { generator: p.generator ?? '—', day: p.generated_on ?? '—' }) : t(`demo.origin.${p.origin}`);
  return (
    <div className="fact" data-testid="product-provenance" data-origin={p.origin}>
      <dt>{t('demo.originLabel')}</dt>
      <dd>{value}</dd>
    </div>
  );
}
