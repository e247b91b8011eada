import type { SearchHit } from '../../../shared/api/search.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { collectionLabel } from './collection-labels.js';

function productKey(hit: SearchHit): string {
  const slug = hit.record.slug;
  return typeof slug === 'string' ? slug : hit.id;
}

/** A hit with its collection, score and snippet; a product hit opens the product in the Transceivers tab. */
export function SearchHitCard({ hit }: { hit: SearchHit }) {
  const openProduct = useDashboard((s) => s.openProduct);
  const { t, format } = useI18n();
  const isProduct = hit.collection === 'product_embeddings';
  const url = typeof hit.record.url === 'string' && hit.record.url.startsWith('https://') ? hit.record.url : null;
  return (
    <li className="hit" data-collection={hit.collection}>
      <div className="hit-head">
        <span className="badge badge-neutral">{collectionLabel(hit.collection, t)}</span>
        {isProduct ? (
          <button type="button" className="link-button hit-title" data-testid="product-hit" onClick={() => openProduct(productKey(hit))}>
            {hit.title}
          </button>
        ) : (
          <span className="hit-title">{hit.title}</span>
        )}
        <span className="score" title={t('search.scoreTitle')}>
          {t('search.score', { score: format.number(hit.score, 3) })}
        </span>
      </div>
      <p className="snippet">{hit.snippet}</p>
      {url !== null && (
        <a href={url} target="_blank" rel="noopener noreferrer" className="muted">
          {url}
        </a>
      )}
    </li>
  );
}
