import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { ProgressBar } from '../components/progress-bar.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

export function PriceCoverageCard() {
  const { state, reload } = useApiQuery({ path: '/api/coverage/prices' });
  const { t, format } = useI18n();
  return (
    <Card title={t('coverage.title')} testId="price-coverage">
      <AsyncView state={state} what={t('coverage.what')} onRetry={reload} isEmpty={(c) => c.total.products === 0} empty={t('coverage.empty')}>
        {(coverage) => {
          const rows = coverage.by_form_factor.filter((row) => row.products > 0).map((row) => ({ ...row, percent: Math.round(row.ratio * 1000) / 10 }));
          return (
            <>
              <p className="headline">
                <strong>{format.percent(coverage.total.ratio, 1)}</strong>
                <span className="muted">
                  {' '}
                  {t('coverage.headline', { products: format.number(coverage.total.products), covered: format.number(coverage.total.covered) })}
                </span>
              </p>
              <ProgressBar ratio={coverage.total.ratio} label={t('coverage.share')} />
              <div className="chart" data-testid="price-coverage-chart">
                <ResponsiveContainer width="100%" height={200}>
                  <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 24, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" vertical={false} />
                    <XAxis dataKey="form_factor" interval={0} angle={-40} textAnchor="end" fontSize={11} height={50} />
                    <YAxis unit="%" domain={[0, 100]} fontSize={11} width={44} />
                    <Tooltip formatter={(value) => [`${format.number(Number(value), 1)} %`, t('coverage.withPrice')]} />
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
