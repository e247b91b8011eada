import { type BassParams, bassCumulative } from './bass.model.js';

/**
 * The hype-cycle phase classifier: a composite maturity score with the product's fixed weights, mapped to the five phases.
 * Each factor is first turned into a maturity contribution in [0, 1] that grows as a technology matures, so the
 * composite is a maturity index and the phase follows from where it falls:
 *
 *   port shipment share   share of the market potential already shipped (cumulative ports / m)
 *   ASP decline rate      1 - rate / 40 % per year: steep price erosion belongs to the ramp, slow erosion to maturity
 *                         (rising prices, a shortage, count as neutral 0.5)
 *   standards maturity    none 0, draft 0.1, approved 0.3 rising to 1 eight years after approval
 *   interoperability      validation level 0..4 (none, lab demos, public multi-vendor demos, routine
 *                         multi-vendor deployment, commodity) / 4
 *   vendor trajectory     share of the catalogue's transceiver vendors that offer the technology
 *   media sentiment       1 - mean |sentiment|: hype and disillusion are both loud; mature technology is reported
 *                         matter-of-factly (sentiment near 0)
 */
export const PHASES = [
  'Innovation Trigger',
  'Peak of Inflated Expectations',
  'Trough of Disillusionment',
  'Slope of Enlightenment',
  'Plateau of Productivity',
] as const;
export type Phase = (typeof PHASES)[number];

export const FACTOR_WEIGHTS = {
  port_shipment_share: 0.3,
  asp_decline: 0.2,
  standards_maturity: 0.15,
  interoperability: 0.15,
  vendor_trajectory: 0.1,
  media_sentiment: 0.1,
} as const;
export type FactorName = keyof typeof FACTOR_WEIGHTS;
export const FACTOR_NAMES = Object.keys(FACTOR_WEIGHTS) as FactorName[];

/** Lower score bound of phases 2..5; below the first is the Innovation Trigger. */
export const PHASE_THRESHOLDS = [0.2, 0.4, 0.6, 0.8] as const;
export const ASP_DECLINE_SCALE = 0.4;
export const STANDARD_MATURE_YEARS = 8;
export const INTEROP_MAX_LEVEL = 4;
/**
 * Share of the market potential shipped past which a technology is on the Slope of Enlightenment at least: the
 * innovators and early adopters (2.5 % + 13.5 %, Rogers, Diffusion of Innovations) have bought and the early majority
 * is buying. A Bass curve's yearly shipments grow fastest at about 21 % adopted, so a technology in its steepest
 * growth is never placed in the trough (nor before it).
 */
export const PAST_TROUGH_SHARE = 0.16;
export const SLOPE_INDEX = 3;

export type StandardStage = 'none' | 'draft' | 'approved';

export interface FactorInputs {
  /** Cumulative shipped / market potential. */
  adoptedShare: number;
  /** Fraction per year (0.2 = prices fall 20 % a year); negative when prices rise. */
  aspDeclinePerYear: number;
  standardStage: StandardStage;
  /** Years since approval (meaningful when approved). */
  yearsSinceStandard: number;
  interopLevel: number;
  /** Vendors offering it / vendors in the catalogue, 0..1. */
  vendorBreadth: number;
  /** Mean |sentiment| of its news, 0..1. */
  sentimentIntensity: number;
}

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function factorContributions(inputs: FactorInputs): Record<FactorName, number> {
  const standards =
    inputs.standardStage === 'approved'
      ? Math.min(1, 0.3 + (0.7 * Math.max(0, inputs.yearsSinceStandard)) / STANDARD_MATURE_YEARS)
      : inputs.standardStage === 'draft'
        ? 0.1
        : 0;
  return {
    port_shipment_share: clamp01(inputs.adoptedShare),
    // Rising prices (a negative rate) mean a shortage, which happens early and late alike: neutral 0.5, no signal.
    asp_decline: inputs.aspDeclinePerYear < 0 ? 0.5 : 1 - clamp01(inputs.aspDeclinePerYear / ASP_DECLINE_SCALE),
    standards_maturity: standards,
    interoperability: clamp01(inputs.interopLevel / INTEROP_MAX_LEVEL),
    vendor_trajectory: clamp01(inputs.vendorBreadth),
    media_sentiment: 1 - clamp01(inputs.sentimentIntensity),
  };
}

export interface Classification {
  phase: Phase;
  phase_index: number;
  score: number;
  /** 0..1 position inside the phase's score band, for drawing the technology on the curve. */
  progress_in_phase: number;
  /** Why the phase is later than the score alone would place it (null when the score decides). */
  phase_rule: string | null;
  contributions: Record<FactorName, number>;
}

export function phaseOfScore(score: number): { index: number; progress: number } {
  let index = 0;
  while (index < PHASE_THRESHOLDS.length && score >= (PHASE_THRESHOLDS[index] as number)) index += 1;
  const low = index === 0 ? 0 : (PHASE_THRESHOLDS[index - 1] as number);
  const high = index === PHASE_THRESHOLDS.length ? 1 : (PHASE_THRESHOLDS[index] as number);
  return { index, progress: clamp01((score - low) / (high - low)) };
}

export function classifyPhase(inputs: FactorInputs): Classification {
  const contributions = factorContributions(inputs);
  const score = FACTOR_NAMES.reduce((sum, name) => sum + FACTOR_WEIGHTS[name] * contributions[name], 0);
  const byScore = phaseOfScore(score);
  if (byScore.index < SLOPE_INDEX && inputs.adoptedShare >= PAST_TROUGH_SHARE) {
    const rule = `${(inputs.adoptedShare * 100).toFixed(0)} % of the market potential shipped (>= ${PAST_TROUGH_SHARE * 100} %): past the trough, whatever the score`;
    return { phase: PHASES[SLOPE_INDEX] as Phase, phase_index: SLOPE_INDEX, score, progress_in_phase: 0, contributions, phase_rule: rule };
  }
  return { phase: PHASES[byScore.index] as Phase, phase_index: byScore.index, score, progress_in_phase: byScore.progress, contributions, phase_rule: null };
}

export interface TrajectoryAssumptions {
  /** Wright's-law exponent: price ~ cumulative volume^-b (b = 0.32 is a 20 % drop per doubling). */
  experienceExponent: number;
  /** Years after launch until interoperability is commodity. */
  interopYears: number;
}
export const DEFAULT_TRAJECTORY: TrajectoryAssumptions = { experienceExponent: 0.32, interopYears: 6 };

/**
 * The factor values a technology shows t years after launch if everything follows its Bass curve: shipments F(t);
 * price on an experience curve, so the yearly decline is 1 - (F(t-1)/F(t))^b (which only falls, since F is
 * log-concave); the standard approved at launch; interoperability growing linearly to commodity; vendors joining
 * as sqrt(F); news intensity fading as 1 - F. Used to prove that the classifier never moves a technology backwards.
 */
export function factorsAlongBass(params: BassParams, t: number, assumptions: TrajectoryAssumptions = DEFAULT_TRAJECTORY): FactorInputs {
  const now = bassCumulative(params, t);
  const before = bassCumulative(params, t - 1);
  const decline = now > 0 ? 1 - (before / now) ** assumptions.experienceExponent : 1;
  return {
    adoptedShare: now,
    aspDeclinePerYear: decline,
    standardStage: 'approved',
    yearsSinceStandard: Math.max(0, t),
    interopLevel: Math.min(INTEROP_MAX_LEVEL, (INTEROP_MAX_LEVEL * Math.max(0, t)) / assumptions.interopYears),
    vendorBreadth: Math.sqrt(now),
    sentimentIntensity: 1 - now,
  };
}
