/**
 * Routes of the fibre graph that cross open water. No amplifier hut can stand at sea: such a route is planned as
 * an unrepeatered span within its budget, or (longer) as a wavelength leased from a subsea carrier. The wet length
 * is an estimate of the crossing the corridor takes (scripts/seed-builder/geo.facts.ts names the corridors); it is
 * shown, never used in a budget.
 */
export interface WaterCrossing {
  a: string;
  b: string;
  water: string;
  wetKmEstimate: number;
}

export const WATER_CROSSINGS: readonly WaterCrossing[] = [
  { a: 'london', b: 'amsterdam', water: 'North Sea (Suffolk to North Holland)', wetKmEstimate: 200 },
  { a: 'london', b: 'paris', water: 'English Channel (Kent to Pas-de-Calais)', wetKmEstimate: 50 },
  { a: 'london', b: 'dublin', water: 'Irish Sea (Anglesey to Dublin)', wetKmEstimate: 110 },
  { a: 'stockholm', b: 'helsinki', water: 'Baltic Sea via Åland', wetKmEstimate: 300 },
  { a: 'copenhagen', b: 'berlin', water: 'Baltic Sea (Gedser to Rostock)', wetKmEstimate: 45 },
  { a: 'helsinki', b: 'warsaw', water: 'Gulf of Finland (Helsinki to Tallinn)', wetKmEstimate: 80 },
];

/** The crossing a route between two cities makes, in either direction; undefined on a route over land. */
export function waterCrossingOf(cityA: string, cityB: string): WaterCrossing | undefined {
  return WATER_CROSSINGS.find((c) => (c.a === cityA && c.b === cityB) || (c.a === cityB && c.b === cityA));
}
