import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { useDashboard } from '../state/dashboard.store.js';
import { ComparablesTable } from './comparables-table.js';
import { CurrentPricesTable } from './current-prices-table.js';
import { DatasheetCard } from './datasheet-card.js';
import { PriceHistoryChart } from './price-history-chart.js';
import { ProductFacts } from './product-facts.js';
import { ProductImage } from './product-image.js';
import { ReferenceDescriptions } from './reference-descriptions.js';

export function TransceiverDetailView({ id }: { id: string }) {
  const { state, reload } = useApiQuery({ path: '/api/transceivers/:id', params: { id } });
  const closeProduct = useDashboard((s) => s.closeProduct);
  const { t } = useI18n();
  const back = (
    <button type="button" className="button-secondary" data-testid="back-to-list" onClick={closeProduct}>
      {t('detail.back')}
    </button>
  );
  return (
    <div className="grid" data-testid="transceiver-detail">
      <Card title={state.status === 'ready' ? `${state.data.part_number} · ${state.data.name}` : t('detail.transceiver')} wide actions={back}>
        <AsyncView state={state} what={t('detail.transceiverWhat')} onRetry={reload}>
          {(product) => (
            <div className="product-head">
              <ProductImage product={product} />
              <div>
                {product.description !== null && <p>{product.description}</p>}
                <ProductFacts product={product} />
                <ReferenceDescriptions standard={product.standard} formFactor={product.form_factor} />
              </div>
            </div>
          )}
        </AsyncView>
      </Card>
      {state.status === 'ready' && (
        <>
          <Card title={t('history.title')} wide testId="price-history">
            <PriceHistoryChart id={state.data.id} />
          </Card>
          <Card title={t('prices.title')} testId="current-prices-card">
            <CurrentPricesTable prices={state.data.current_prices} />
          </Card>
          <Card title={t('comparables.title')} testId="comparables-card" double>
            <ComparablesTable items={state.data.comparable_products} />
          </Card>
          <DatasheetCard id={state.data.id} />
        </>
      )}
    </div>
  );
}
