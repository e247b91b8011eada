/**
 * The closed vocabularies of the internal demand analysis, shared by the service (its filters reject other values
 * with a 400 that lists these) and the dashboard (filter options, one label per value).
 */

/** Stock coverage judged against the run-rate (docs/sales-demand.md has the thresholds). */
export const REORDER_URGENCIES = ['critical', 'low', 'ok', 'overstock'] as const;
export type ReorderUrgency = (typeof REORDER_URGENCIES)[number];

/** The urgency filter also offers the SKUs without demand data, whose urgency is null. */
export const URGENCY_FILTERS = [...REORDER_URGENCIES, 'unassessed'] as const;
export type UrgencyFilter = (typeof URGENCY_FILTERS)[number];

/** Velocity classes by the 365-day run-rate, fastest first; 'unknown' = no demand data. */
export const VELOCITY_CLASS_NAMES = ['fast', 'medium', 'slow', 'non-moving', 'unknown'] as const;
export type VelocityClassName = (typeof VELOCITY_CLASS_NAMES)[number];
