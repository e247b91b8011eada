import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { HypeCycleEntry } from '../../../shared/api/forecast/forecast.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';

/** Ports shipped per year (bars) and the share of the market potential adopted (line), this year and the next four. */
export function AdoptionForecastChart({ entry }: { entry: HypeCycleEntry }) {
  const { t, format } = useI18n();
  const data = entry.forecast_5y.map((p) => ({ year: p.year, units: p.units_millions, share: Math.round(p.cumulative_share * 1000) / 10 }));
  if (data.length === 0) return <p className="state state-empty">{t('adoption.none', { name: entry.name })}</p>;
  return (
    <div className="chart" data-testid="adoption-forecast-chart">
      <ResponsiveContainer width="100%" height={240}>
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="year" fontSize={11} />
          <YAxis
            yAxisId="units"
            fontSize={11}
            width={56}
            tickFormatter={(v: number) => format.number(v, v < 10 ? 1 : 0)}
            label={{ value: t('adoption.axisUnits'), angle: -90, position: 'insideLeft', fontSize: 11 }}
          />
          <YAxis yAxisId="share" orientation="right" unit="%" domain={[0, 100]} fontSize={11} width={44} />
          <Tooltip
            formatter={(value, _name, item) =>
              item.dataKey === 'share' ? `${format.number(Number(value), 1)} %` : t('adoption.mPorts', { value: format.number(Number(value), 2) })
            }
          />
          <Legend />
          <Bar yAxisId="units" dataKey="units" name={t('adoption.shipped')} fill="#2f6fb2" isAnimationActive={false} />
          <Line yAxisId="share" dataKey="share" name={t('adoption.adopted')} stroke="#d9822b" strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
