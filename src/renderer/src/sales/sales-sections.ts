/** The Sales tab's views, in the order of its sub-navigation. */
export const SALES_SECTIONS = ['finder', 'transport', 'alerts', 'topics', 'demand'] as const;
export type SalesSection = (typeof SALES_SECTIONS)[number];
