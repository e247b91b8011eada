/**
 * Reach classes: comparables compare like with like, and a module's reach decides which links it can serve, so a
 * 40 km ER4 is no substitute for (and is priced well above) a 10 km LR4. Exact metres are too strict (a 6 km
 * LR4-6 competes with 10 km LR4 parts; 40G SR4 is 150 m where 10G SR is 300 m), so reaches are grouped into the
 * reach families of IEEE 802.3 and the MSAs around it: SR (multimode and copper up to 100 m, OM3 300 m, 400-550 m
 * on OM4/OM2), DR (500 m), FR (2 km), LR (10 km, including LR4-6 and 1000BASE-LX's 5 km), the 20 km parts (BiDi-20,
 * 4WDM-20, PON), ER (40 km), ZR (80 km) and beyond (coherent ZR/ZR+ at 120 km and more).
 * Each class holds the reaches above the previous bound up to and including its own bound.
 */
export const REACH_CLASSES = [
  { upToMeters: 100, label: 'up to 100 m' },
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
