import { useState } from 'react';
import type { Transceiver } from '../../../shared/api/catalogue/transceivers.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';

/**
 * The product image, linked to the vendor's product page (product_page_url is the vendor link on the image).
 * Without an image, or when it cannot load (offline, or the shop moved it), a drawing of the module stands in, so
 * the link is always there.
 */
export function ProductImage({ product }: { product: Transceiver }) {
  const [failed, setFailed] = useState(false);
  const { t } = useI18n();
  const picture =
    product.image_url !== null && !failed ? (
      <img
        src={product.image_url}
        alt={`${product.part_number} (${product.vendor_name})`}
        referrerPolicy="no-referrer"
        loading="lazy"
        onError={() => setFailed(true)}
      />
    ) : (
      <svg viewBox="0 0 160 100" role="img" aria-label={t('image.module', { formFactor: product.form_factor, partNumber: product.part_number })}>
        <rect x="10" y="30" width="110" height="40" rx="4" fill="#c9d3de" stroke="#5b6b7b" />
        <rect x="120" y="38" width="30" height="24" rx="2" fill="#8a99a8" stroke="#5b6b7b" />
        <text x="65" y="55" textAnchor="middle" fontSize="12" fill="#1b2733">
          {product.form_factor}
        </text>
      </svg>
    );
  if (product.product_page_url === null) return <figure className="product-image">{picture}</figure>;
  return (
    <figure className="product-image">
      <a
        href={product.product_page_url}
        target="_blank"
        rel="noopener noreferrer"
        data-testid="vendor-link"
        title={t('image.openPage', { vendor: product.vendor_name })}
      >
        {picture}
      </a>
      <figcaption>
        <a href={product.product_page_url} target="_blank" rel="noopener noreferrer">
          {t('image.pageAt', { vendor: product.vendor_name })} ↗
        </a>
      </figcaption>
    </figure>
  );
}
