import { useState } from 'react';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { formatDate } from '../format/format.utils.js';
import { useApiQuery } from '../api/api-queries.js';
import { AdoptionForecastChart } from './adoption-forecast-chart.js';
import { HypeCurveChart } from './hype-curve-chart.js';
import { RegionalView } from './regional-view.js';
import { TechnologyDetailPanel } from './technology-detail-panel.js';
import { WhatIfPanel } from './what-if-panel.js';

export function HypeCycleTab() {
  const { state, reload } = useApiQuery({ path: '/api/hype-cycle' });
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <AsyncView
      state={state}
      what="the hype cycle"
      onRetry={reload}
      isEmpty={(l) => l.technologies.length === 0}
      empty="No technologies in the forecast data set. Seed it with npm run seed."
    >
      {(list) => {
        const selected = list.technologies.find((t) => t.name === chosen) ?? list.technologies.find((t) => t.name === '400G') ?? list.technologies[0]!;
        return (
          <div className="grid grid-2" data-testid="hype-cycle">
            <Card title={`Hype cycle · ${list.technologies.length} technologies · as of ${formatDate(list.as_of)}`} wide testId="hype-curve">
              <HypeCurveChart list={list} selected={selected.name} onSelect={setChosen} />
            </Card>
            <Card title={`${selected.name}: why this phase`} testId="technology-detail">
              <TechnologyDetailPanel name={selected.name} />
            </Card>
            <Card title={`${selected.name}: 5-year adoption forecast`} testId="adoption-forecast">
              <AdoptionForecastChart entry={selected} />
            </Card>
            <Card title={`${selected.name}: by region`} testId="regional-view">
              <RegionalView name={selected.name} />
            </Card>
            <Card title={`${selected.name}: what if?`} testId="what-if">
              <WhatIfPanel key={selected.name} entry={selected} />
            </Card>
          </div>
        );
      }}
    </AsyncView>
  );
}
