import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { RegionalAdoption } from '../../../shared/api/forecast/forecast.schemas.js';
import { AsyncView } from '../components/async-view.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';

const COLOURS = ['#2f6fb2', '#d9822b', '#2e9e6a', '#a23b72', '#6b5fb5'];

/** Rows per year, one column per region: the shape a multi-line chart wants. */
function byYear(regional: RegionalAdoption): Array<Record<string, number>> {
  const rows = new Map<number, Record<string, number>>();
  for (const region of regional.regions) {
    for (const point of region.forecast_5y) {
      const row = rows.get(point.year) ?? { year: point.year };
      row[region.region] = Math.round(point.cumulative_share * 1000) / 10;
      rows.set(point.year, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.year! - b.year!);
}

/** GET /api/hype-cycle/regional/:tech: adoption per region (NA, China, APAC, Europe, RoW) and what drives it. */
export function RegionalView({ name }: { name: string }) {
  const { state, reload } = useApiQuery({ path: '/api/hype-cycle/regional/:tech', params: { tech: name } });
  const { t, format } = useI18n();
  return (
    <AsyncView state={state} what={t('region.what', { name })} onRetry={reload} isEmpty={(r) => r.regions.length === 0}>
      {(regional) => (
        <div className="stack">
          <div className="chart" data-testid="regional-chart">
            <ResponsiveContainer width="100%" height={200}>
              <LineChart data={byYear(regional)} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="year" fontSize={11} />
                <YAxis unit="%" domain={[0, 100]} fontSize={11} width={44} />
                <Tooltip formatter={(value) => `${format.number(Number(value), 1)} %`} />
                <Legend />
                {regional.regions.map((r, i) => (
                  <Line key={r.region} dataKey={r.region} stroke={COLOURS[i % COLOURS.length]} dot={false} isAnimationActive={false} />
                ))}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <div className="table-scroll">
            <table className="table compact" data-testid="regional-table">
              <thead>
                <tr>
                  <th>{t('region.region')}</th>
                  <th className="num">{t('region.lag')}</th>
                  <th className="num">{t('region.priceIndex')}</th>
                  <th className="num">{t('region.demand')}</th>
                  <th className="num">{t('region.adopted')}</th>
                  <th className="num" title={t('region.segmentsTitle')}>
                    {t('region.segments')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {regional.regions.map((r) => (
                  <tr key={r.region} title={`${r.kind}: ${r.source}`}>
                    <td>{r.region}</td>
                    <td className="num">{t('region.years', { value: format.number(r.lag_years, 1) })}</td>
                    <td className="num">{format.number(r.price_index, 2)}</td>
                    <td className="num">{format.percent(r.demand_share, 1)}</td>
                    <td className="num">{format.percent(r.adoption_share_now, 1)}</td>
                    <td className="num">
                      {[r.segments.hyperscaler, r.segments.telco, r.segments.enterprise].map((share) => Math.round(share * 100)).join(' / ')} %
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </AsyncView>
  );
}
