import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { formatNumber, formatPercent } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';

export function PriceCoverageCard() {
  const { state, reload } = useApiQuery({ path: '/api/coverage/prices' });
  return (
    <Card title="Price coverage" testId="price-coverage">
      <AsyncView
        state={state}
        what="price coverage"
        onRetry={reload}
        isEmpty={(c) => c.total.products === 0}
        empty="No transceivers yet, so no prices to cover."
      >
        {(coverage) => {
          const rows = coverage.by_form_factor.filter((row) => row.products > 0).map((row) => ({ ...row, percent: Math.round(row.ratio * 1000) / 10 }));
          return (
            <>
              <p className="headline">
                <strong>{formatPercent(coverage.total.ratio, 1)}</strong>
                <span className="muted">
                  {' '}
                  of {formatNumber(coverage.total.products)} transceivers have a price ({formatNumber(coverage.total.covered)})
                </span>
              </p>
              <ProgressBar ratio={coverage.total.ratio} label="Share of transceivers with a price" />
              <div className="chart" data-testid="price-coverage-chart">
                <ResponsiveContainer width="100%" height={200}>
                  <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 24, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="form_factor" interval={0} angle={-40} textAnchor="end" fontSize={11} height={50} />
                    <YAxis unit="%" domain={[0, 100]} fontSize={11} width={44} />
                    <Tooltip formatter={(value) => [`${String(value)} %`, 'with a price']} />
                    <Bar dataKey="percent" fill="#2f6fb2" isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
            </>
          );
        }}
      </AsyncView>
    </Card>
  );
}
