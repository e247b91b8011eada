import { useState } from 'react';
import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { useApiQuery } from '../api/api-queries.js';
import { useI18n } from '../i18n/use-i18n.js';
import { AdoptionForecastChart } from './adoption-forecast-chart.js';
import { HypeCurveChart } from './hype-curve-chart.js';
import { RegionalView } from './regional-view.js';
import { TechnologyDetailPanel } from './technology-detail-panel.js';
import { WhatIfPanel } from './what-if-panel.js';

export function HypeCycleTab() {
  const { state, reload } = useApiQuery({ path: '/api/hype-cycle' });
  const [chosen, setChosen] = useState<string | null>(null);
  const { t, format } = useI18n();
  return (
    <AsyncView state={state} what={t('hype.what')} onRetry={reload} isEmpty={(l) => l.technologies.length === 0} empty={t('hype.empty')}>
      {(list) => {
        const selected = list.technologies.find((e) => e.name === chosen) ?? list.technologies.find((e) => e.name === '400G') ?? list.technologies[0]!;
        return (
          <div className="grid grid-2" data-testid="hype-cycle">
            <Card title={t('hype.title', { count: list.technologies.length, date: format.date(list.as_of) })} wide testId="hype-curve">
              <HypeCurveChart list={list} selected={selected.name} onSelect={setChosen} />
            </Card>
            <Card title={t('hype.whyPhase', { name: selected.name })} testId="technology-detail">
              <TechnologyDetailPanel name={selected.name} />
            </Card>
            <Card title={t('hype.forecast', { name: selected.name })} testId="adoption-forecast">
              <AdoptionForecastChart entry={selected} />
            </Card>
            <Card title={t('hype.byRegion', { name: selected.name })} testId="regional-view">
              <RegionalView name={selected.name} />
            </Card>
            <Card title={t('hype.whatIf', { name: selected.name })} testId="what-if">
              <WhatIfPanel key={selected.name} entry={selected} />
            </Card>
          </div>
        );
      }}
    </AsyncView>
  );
}
