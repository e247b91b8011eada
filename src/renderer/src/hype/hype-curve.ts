import type { HypeCycleEntry } from '../../../shared/api/forecast/forecast.schemas.js';

/**
 * The drawn hype-cycle curve: expectations over time, the familiar shape of a sharp peak (Gaussian), a trough, and
 * a slow logistic climb to the plateau. Only a backdrop: a technology's place on it comes from the classifier's
 * phase and its progress within the phase, not from this function.
 */
export function expectation(x: number): number {
  return 62 * Math.exp(-(((x - 19) / 7.5) ** 2)) + 48 / (1 + Math.exp(-(x - 58) / 9)) + 4;
}

/** The x range (0..100) of each of the five phases, in phase_index order. */
export const PHASE_SPANS: Array<[number, number]> = [
  [0, 13],
  [13, 28],
  [28, 45],
  [45, 72],
  [72, 100],
];

export function curvePoints(step = 1): Array<{ x: number; y: number }> {
  const points: Array<{ x: number; y: number }> = [];
  for (let x = 0; x <= 100; x += step) points.push({ x, y: expectation(x) });
  return points;
}

export interface PlacedTechnology {
  name: string;
  x: number;
  y: number;
  phase: string;
  /** Neighbours close together get their labels on alternate sides of the curve. */
  labelBelow: boolean;
}

/** Least horizontal distance between two technologies, in curve units (0..100), so labels stay legible. */
const MIN_GAP = 3.2;

/**
 * x from the phase and the progress inside it. Within a phase the technologies keep their order but are spread
 * to at least MIN_GAP apart (pushed back from the phase end when they pile up there, as mature ones do).
 */
export function placeTechnologies(entries: HypeCycleEntry[]): PlacedTechnology[] {
  const placed: PlacedTechnology[] = [];
  PHASE_SPANS.forEach(([from, to], phase) => {
    const members = entries
      .filter((e) => Math.max(0, Math.min(4, e.phase_index)) === phase)
      .map((e) => ({ entry: e, x: from + Math.max(0, Math.min(1, e.progress_in_phase)) * (to - from) }))
      .sort((a, b) => a.x - b.x);
    for (let i = 1; i < members.length; i++) members[i]!.x = Math.max(members[i]!.x, members[i - 1]!.x + MIN_GAP);
    const overflow = members.length > 0 ? members[members.length - 1]!.x - (to - 0.5) : 0;
    if (overflow > 0) for (const m of members) m.x = Math.max(from + 0.5, m.x - overflow);
    members.forEach((m, i) => {
      const crowded = i > 0 && m.x - members[i - 1]!.x < MIN_GAP * 1.6;
      const labelBelow = crowded && !placed[placed.length - 1]!.labelBelow;
      placed.push({ name: m.entry.name, x: m.x, y: expectation(m.x), phase: m.entry.phase, labelBelow });
    });
  });
  return placed;
}
