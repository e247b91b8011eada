import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AsyncView } from '../components/async-view.js';
import { DemoPriceMarker } from '../components/demo-price-marker.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { currenciesOf, seriesFor } from './price-series.js';

const COLOURS = ['#2f6fb2', '#d9822b', '#2e9e6a', '#a23b72', '#6b5fb5', '#8c6d1f', '#3b8ea5'];

/** The full price history (GET /api/transceivers/:id/prices), one line per shop, one currency at a time. */
export function PriceHistoryChart({ id }: { id: string }) {
  const { state, reload } = useApiQuery({ path: '/api/transceivers/:id/prices', params: { id }, query: { limit: 5000 } });
  const [chosen, setChosen] = useState<string | null>(null);
  const { t, format } = useI18n();
  return (
    <AsyncView state={state} what={t('history.what')} onRetry={reload} isEmpty={(h) => h.items.length === 0} empty={t('history.empty')}>
      {(history) => {
        const currencies = currenciesOf(history.items);
        const currency = chosen !== null && currencies.includes(chosen) ? chosen : currencies[0]!;
        const series = seriesFor(history.items, currency);
        return (
          <div className="chart" data-testid="price-history-chart">
            {currencies.length > 1 && (
              <div className="segmented" role="group" aria-label={t('history.currency')}>
                {currencies.map((c) => (
                  <button
                    key={c}
                    type="button"
                    aria-pressed={c === currency}
                    className={c === currency ? 'segment segment-active' : 'segment'}
                    onClick={() => setChosen(c)}
                  >
                    {c}
                  </button>
                ))}
              </div>
            )}
            <ResponsiveContainer width="100%" height={260}>
              <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis
                  dataKey="time"
                  type="number"
                  scale="time"
                  domain={['dataMin', 'dataMax']}
                  tickFormatter={(time: number) => format.date(new Date(time).toISOString())}
                  fontSize={11}
                />
                <YAxis dataKey="price" tickFormatter={(v: number) => format.price(v, currency)} fontSize={11} width={84} domain={['auto', 'auto']} />
                <Tooltip labelFormatter={(time) => format.date(new Date(Number(time)).toISOString())} formatter={(v) => format.price(Number(v), currency)} />
                <Legend />
                {series.map((s, i) => (
                  <Line
                    key={s.shop}
                    data={s.points}
                    dataKey="price"
                    name={s.demo ? `${s.shop} (${t('demo.priceMarker')})` : s.shop}
                    stroke={COLOURS[i % COLOURS.length]}
                    dot={false}
                    isAnimationActive={false}
                    type="stepAfter"
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
            {series.some((s) => s.demo) && (
              <p className="muted" data-testid="price-history-demo">
                <DemoPriceMarker demo /> {t('demo.chartNote')}
              </p>
            )}
            <p className="muted">{t('history.note', { total: format.number(history.total), currency })}</p>
          </div>
        );
      }}
    </AsyncView>
  );
}
