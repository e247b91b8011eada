import { AsyncView } from '../components/async-view.js';
import { Card } from '../components/card.js';
import { formatNumber } from '../format/format.utils.js';
import { useCatalogueCounts } from './use-catalogue-counts.js';

export function CatalogueCountsCard() {
  const { state, reload } = useCatalogueCounts();
  return (
    <Card title="Catalogue" testId="catalogue-counts">
      <AsyncView
        state={state}
        what="catalogue counts"
        onRetry={reload}
        isEmpty={(c) => c.transceivers === 0}
        empty="The catalogue is empty. Seed it with npm run seed, or import a CSV."
      >
        {(counts) => (
          <ul className="stat-list">
            <li>
              <strong>{formatNumber(counts.transceivers)}</strong> transceivers
            </li>
            <li>
              <strong>{formatNumber(counts.vendors)}</strong> vendors
            </li>
            <li>
              <strong>{formatNumber(counts.standards)}</strong> standards
            </li>
            <li>
              <strong>{formatNumber(counts.formFactors)}</strong> form factors
            </li>
            <li>
              <strong>{formatNumber(counts.switches)}</strong> switches
            </li>
          </ul>
        )}
      </AsyncView>
    </Card>
  );
}
