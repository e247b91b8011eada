import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AsyncView } from '../components/async-view.js';
import { formatDate, formatPrice } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';
import { currenciesOf, seriesFor } from './price-series.js';

const COLOURS = ['#2f6fb2', '#d9822b', '#2e9e6a', '#a23b72', '#6b5fb5', '#8c6d1f', '#3b8ea5'];

/** The full price history (GET /api/transceivers/:id/prices), one line per shop, one currency at a time. */
export function PriceHistoryChart({ id }: { id: string }) {
  const { state, reload } = useApiQuery({ path: '/api/transceivers/:id/prices', params: { id }, query: { limit: 5000 } });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <AsyncView
      state={state}
      what="price history"
      onRetry={reload}
      isEmpty={(h) => h.items.length === 0}
      empty="No price has been observed for this product yet."
    >
      {(history) => {
        const currencies = currenciesOf(history.items);
        const currency = chosen !== null && currencies.includes(chosen) ? chosen : currencies[0]!;
        const series = seriesFor(history.items, currency);
        return (
          <div className="chart" data-testid="price-history-chart">
            {currencies.length > 1 && (
              <div className="segmented" role="group" aria-label="Currency">
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
                  tickFormatter={(t: number) => formatDate(new Date(t).toISOString())}
                  fontSize={11}
                />
                <YAxis dataKey="price" tickFormatter={(v: number) => formatPrice(v, currency)} fontSize={11} width={84} domain={['auto', 'auto']} />
                <Tooltip labelFormatter={(t) => formatDate(new Date(Number(t)).toISOString())} formatter={(v) => formatPrice(Number(v), currency)} />
                <Legend />
                {series.map((s, i) => (
                  <Line
                    key={s.shop}
                    data={s.points}
                    dataKey="price"
                    name={s.shop}
                    stroke={COLOURS[i % COLOURS.length]}
                    dot={false}
                    isAnimationActive={false}
                    type="stepAfter"
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
            <p className="muted">
              {history.total} observations; prices in {currency}, each shop's line steps at every observed change.
            </p>
          </div>
        );
      }}
    </AsyncView>
  );
}
