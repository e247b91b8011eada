import { CatalogueCountsCard } from './catalogue-counts-card.js';
import { CompetitorAlertsCard } from './competitor-alerts-card.js';
import { FormFactorsCard } from './form-factors-card.js';
import { HealthCard } from './health-card.js';
import { IndexProgressCard } from './index-progress-card.js';
import { JobsCard } from './jobs-card.js';
import { PriceChangesCard } from './price-changes-card.js';
import { PriceCoverageCard } from './price-coverage-card.js';
import { SystemCard } from './system-card.js';

/**
 * The state of the service and its data at a glance; each card loads, fails and retries on its own. The order fills
 * the grid at both three columns (1280 px) and four (large screens).
 */
export function OverviewTab() {
  return (
    <div className="grid" data-testid="overview">
      <HealthCard />
      <CatalogueCountsCard />
      <PriceCoverageCard />
      <PriceChangesCard />
      <SystemCard />
      <IndexProgressCard />
      <FormFactorsCard />
      <JobsCard />
      <CompetitorAlertsCard />
    </div>
  );
}
