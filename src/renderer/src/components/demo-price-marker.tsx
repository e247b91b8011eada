import { useI18n } from '../i18n/use-i18n.js';

/**
 * The small "demo" tag beside a price or stock figure that is a generated seed value (the operator's included). The
 * service decides it per value (the `demo` / `price_demo` fields, or isDemoPriceSource on an observation's source),
 * so the tag leaves a figure as soon as an import replaced it. Renders nothing for a real figure.
 */
export function DemoPriceMarker({ demo }: { demo: boolean }) {
  const { t } = useI18n();
  if (!demo) return null;
  const title = t('demo.priceMarkerTitle');
  return (
    <span className="demo-price-marker" data-testid="demo-price-marker" title={title} aria-label={title}>
      {t('demo.priceMarker')}
    </span>
  );
}
