import { useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { HypeCycleEntry } from '../../../shared/api/forecast/forecast.schemas.js';
import { AsyncView } from '../components/async-view.js';
import { useI18n } from '../i18n/use-i18n.js';
import { ParameterSlider } from './parameter-slider.js';
import { useBassModel } from './use-bass-model.js';

/** Years drawn from the technology's launch. */
const PERIODS = 20;

/**
 * Sliders for the Bass parameters p (innovation), q (imitation) and m (market potential), starting from the
 * technology's own model; the curve is redrawn from the model endpoint, beside the technology's own curve.
 */
export function WhatIfPanel({ entry }: { entry: HypeCycleEntry }) {
  const base = entry.model;
  const { t, format } = useI18n();
  const [p, setP] = useState(base.p);
  const [q, setQ] = useState(base.q);
  const [m, setM] = useState(base.m);
  const baseline = useBassModel({ model: 'bass', p: base.p, q: base.q, m: base.m, periods: PERIODS });
  const whatIf = useBassModel({ model: 'bass', p, q, m, periods: PERIODS });
  // Ranges around the technology's own values (fitted q can exceed 1), so every slider can move both ways.
  const pMax = Math.max(0.1, base.p * 2);
  const qMax = Math.max(1, base.q * 2);
  const mMax = Math.max(1, base.m * 3);

  return (
    <div className="stack">
      <div className="sliders">
        <ParameterSlider name="p" label={t('whatIf.p')} value={p} min={0.001} max={pMax} step={0.001} digits={3} onChange={setP} />
        <ParameterSlider name="q" label={t('whatIf.q')} value={q} min={0.05} max={qMax} step={0.01} digits={2} onChange={setQ} />
        <ParameterSlider name="m" label={t('whatIf.m')} value={m} min={mMax / 100} max={mMax} step={mMax / 100} digits={1} onChange={setM} />
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setP(base.p);
            setQ(base.q);
            setM(base.m);
          }}
        >
          {t('whatIf.reset', { name: entry.name })}
        </button>
      </div>
      <AsyncView state={whatIf} what={t('whatIf.what')}>
        {(model) => {
          const own = baseline.status === 'ready' ? (baseline.data.per_period ?? []) : [];
          const data = (model.per_period ?? []).map((value, i) => ({ year: base.launch_year + i + 1, whatIf: value, own: own[i] }));
          return (
            <>
              <p className="muted" data-testid="what-if-peak">
                {t('whatIf.peak', { year: format.year(base.launch_year + (model.peak_time ?? 0)), rate: format.number(model.peak_rate ?? 0, 2) })}
              </p>
              <div className="chart" data-testid="what-if-chart">
                <ResponsiveContainer width="100%" height={220}>
                  <LineChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" />
                    <XAxis dataKey="year" fontSize={11} />
                    <YAxis fontSize={11} width={48} tickFormatter={(v: number) => format.number(v, v < 10 ? 1 : 0)} />
                    <Tooltip formatter={(v) => t('adoption.mPorts', { value: format.number(Number(v), 2) })} />
                    <Legend />
                    <Line
                      dataKey="own"
                      name={t('whatIf.ownModel', { name: entry.name })}
                      stroke="#9aa7b4"
                      strokeDasharray="4 3"
                      dot={false}
                      isAnimationActive={false}
                    />
                    <Line dataKey="whatIf" name={t('whatIf.line')} stroke="#d9822b" strokeWidth={2} dot={false} isAnimationActive={false} />
                  </LineChart>
                </ResponsiveContainer>
              </div>
            </>
          );
        }}
      </AsyncView>
    </div>
  );
}
