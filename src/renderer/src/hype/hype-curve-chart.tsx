import { CartesianGrid, ComposedChart, LabelList, Line, ReferenceArea, ResponsiveContainer, Scatter, XAxis, YAxis } from 'recharts';
import type { HypeCycleList } from '../../../shared/api/forecast/forecast.schemas.js';
import { useI18n } from '../i18n/use-i18n.js';
import { curvePoints, PHASE_SPANS, placeTechnologies } from './hype-curve.js';

interface HypeCurveChartProps {
  list: HypeCycleList;
  selected: string;
  onSelect(name: string): void;
}

const PHASE_FILLS = ['#eef3fb', '#fbf1e6', '#f6eaea', '#ecf6ef', '#eef0f3'];

/** The curve with each technology placed by its classified phase; a click (or the buttons below) selects one. */
export function HypeCurveChart({ list, selected, onSelect }: HypeCurveChartProps) {
  const { t, format } = useI18n();
  const curve = curvePoints();
  const placed = placeTechnologies(list.technologies);
  const selectedPoint = placed.filter((p) => p.name === selected);
  return (
    <div className="chart" data-testid="hype-curve-chart">
      <ResponsiveContainer width="100%" height={320}>
        <ComposedChart margin={{ top: 24, right: 24, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {PHASE_SPANS.map(([from, to], i) => (
            <ReferenceArea
              key={list.phases[i] ?? i}
              x1={from}
              x2={to}
              y1={0}
              y2={120}
              fill={PHASE_FILLS[i]}
              fillOpacity={1}
              label={{ value: list.phases[i] ?? '', position: 'insideTop', fontSize: 11, fill: '#4a5a6a' }}
            />
          ))}
          <XAxis type="number" dataKey="x" domain={[0, 100]} tick={false} label={{ value: t('hype.axisTime'), position: 'insideBottomRight', fontSize: 11 }} />
          <YAxis type="number" dataKey="y" domain={[0, 120]} tick={false} width={24} label={{ value: t('hype.axisExpectations'), angle: -90, fontSize: 11 }} />
          <Line data={curve} dataKey="y" stroke="#7b8a99" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Scatter
            data={placed.filter((p) => !p.labelBelow)}
            fill="#2f6fb2"
            isAnimationActive={false}
            onClick={(point) => onSelect(String((point as { name?: unknown }).name ?? ''))}
            cursor="pointer"
          >
            <LabelList dataKey="name" position="top" fontSize={11} />
          </Scatter>
          <Scatter
            data={placed.filter((p) => p.labelBelow)}
            fill="#2f6fb2"
            isAnimationActive={false}
            onClick={(point) => onSelect(String((point as { name?: unknown }).name ?? ''))}
            cursor="pointer"
          >
            <LabelList dataKey="name" position="bottom" fontSize={11} />
          </Scatter>
          <Scatter data={selectedPoint} fill="#d9822b" isAnimationActive={false} shape="diamond" />
        </ComposedChart>
      </ResponsiveContainer>
      <div className="chip-row" role="group" aria-label={t('hype.technologies')}>
        {list.technologies.map((tech) => (
          <button
            key={tech.name}
            type="button"
            className={tech.name === selected ? 'chip chip-active' : 'chip'}
            aria-pressed={tech.name === selected}
            data-tech={tech.name}
            onClick={() => onSelect(tech.name)}
            title={t('hype.chipTitle', { phase: tech.phase, score: format.number(tech.score, 2) })}
          >
            {tech.name}
          </button>
        ))}
      </div>
    </div>
  );
}
