/**
 * Reach classes: comparables compare like with like, and a module's reach decides which links it can serve, so a
 * 40 km ER4 is no substitute for (and is priced well above) a 10 km LR4. Exact metres are too strict (a 6 km
 * LR4-6 competes with 10 km LR4-10 parts; a 1 m and a 3 m DAC are the same product), so reaches are grouped into the
 * reach families of IEEE 802.3 and the MSAs around it: direct-attach copper (CR, at most 7 m), short reach (SR on
 * OM3/OM4 and BASE-T up to 100 m; 10GBASE-SR and LRM up to 300 m; 400-550 m on OM4/OM2), DR (500 m), FR (2 km),
 * LR (10 km, including LR4-6 and 1000BASE-LX's 5 km), the 20 km parts (BiDi-20, 4WDM-20, PON), ER (40 km),
 * ZR (80 km) and beyond (coherent ZR/ZR+ at 120 km and more). The 10 m bound keeps a twinax cable apart from a
 * 30 m 10GBASE-T module, which shares its form factor, speed and medium.
 * Each class holds the reaches above the previous bound up to and including its own bound.
 */
export const REACH_CLASSES = [
  { upToMeters: 10, label: 'up to 10 m' },
  { upToMeters: 100, label: '11-100 m' },
  { upToMeters: 300, label: '101-300 m' },
  { upToMeters: 500, label: '301-500 m' },
  { upToMeters: 2000, label: '501 m-2 km' },
  { upToMeters: 10_000, label: '2-10 km' },
  { upToMeters: 20_000, label: '10-20 km' },
  { upToMeters: 40_000, label: '20-40 km' },
  { upToMeters: 80_000, label: '40-80 km' },
  { upToMeters: null, label: 'beyond 80 km' },
] as const satisfies ReadonlyArray<{ upToMeters: number | null; label: string }>;

export const REACH_CLASS_LABELS = REACH_CLASSES.map((c) => c.label);
export type ReachClassLabel = (typeof REACH_CLASSES)[number]['label'];

/** The reaches of class `index`: above the previous class's bound (none for the first), up to its own (none for the last). */
export function reachClassBounds(index: number): { aboveMeters: number | null; upToMeters: number | null } {
  return { aboveMeters: index === 0 ? null : (REACH_CLASSES[index - 1]?.upToMeters ?? null), upToMeters: REACH_CLASSES[index]?.upToMeters ?? null };
}
