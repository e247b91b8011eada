/**
 * The planner's optical rules: which optic serves a span, where amplifiers and regenerators go, and the power
 * budget that proves it. Every value here is a PLANNING value, documented with its reason in docs/sales-transport.md;
 * a real design confirms it against the chosen product's datasheet and the line system's OSNR calculation.
 */

export const PLANNING = {
  /** Loss of G.652.D fibre in the C-band, cable included. */
  fiberLossDbPerKm: 0.25,
  /** A connector pair at each end of a section (patch panel to equipment). */
  connectorLossDb: 0.5,
  connectorsPerSection: 2,
  /** Fusion splices: one per cable reel joint, reels of 4 km. */
  spliceLossDb: 0.1,
  spliceSpacingKm: 4,
  /** What must be left over for repairs (extra splices), ageing and temperature. */
  requiredMarginDb: 3,
  /** A DWDM line amplifier's per-channel output and the lowest per-channel input it is planned for. */
  amplifierLaunchDbm: 1,
  amplifierMinInputDbm: -24,
  /** In-line amplifier sites are planned no further apart than this, even where the budget would allow more. */
  maxAmplifierSpacingKm: 80,
  /** Line rate of one coherent wavelength (400ZR, OpenZR+ in its 400G mode). */
  coherentWavelengthGbps: 400,
} as const;

export type OpticKind = 'grey' | 'coherent';

/** An optic the planner may choose: the catalogue standard it is sold as, and its planning figures. */
export interface OpticClass {
  standard: string;
  kind: OpticKind;
  /** Client speed of a grey optic; a coherent optic carries the aggregate in 400G wavelengths. */
  speedGbps: number | null;
  /** Reach without any amplifier (the catalogue standard's reach for grey optics). */
  unamplifiedReachKm: number;
  /** Reach over an amplified DWDM line before the signal must be regenerated; null = grey (no line system). */
  amplifiedReachKm: number | null;
  /** Minimum average launch power and receiver sensitivity (per lane for 4-lane optics), dBm. */
  launchDbm: number;
  rxSensitivityDbm: number;
}

/** Grey optics, shortest reach first within a speed. */
export const GREY_OPTICS: readonly OpticClass[] = [
  { standard: '10GBASE-LR', kind: 'grey', speedGbps: 10, unamplifiedReachKm: 10, amplifiedReachKm: null, launchDbm: -8.2, rxSensitivityDbm: -14.4 },
  { standard: '10GBASE-ER', kind: 'grey', speedGbps: 10, unamplifiedReachKm: 40, amplifiedReachKm: null, launchDbm: -4.7, rxSensitivityDbm: -15.8 },
  { standard: '10GBASE-ZR', kind: 'grey', speedGbps: 10, unamplifiedReachKm: 80, amplifiedReachKm: null, launchDbm: 0, rxSensitivityDbm: -24 },
  { standard: '25GBASE-LR', kind: 'grey', speedGbps: 25, unamplifiedReachKm: 10, amplifiedReachKm: null, launchDbm: -7, rxSensitivityDbm: -14 },
  { standard: '25GBASE-ER', kind: 'grey', speedGbps: 25, unamplifiedReachKm: 40, amplifiedReachKm: null, launchDbm: -2, rxSensitivityDbm: -18 },
  { standard: '40GBASE-LR4', kind: 'grey', speedGbps: 40, unamplifiedReachKm: 10, amplifiedReachKm: null, launchDbm: -7, rxSensitivityDbm: -13.7 },
  { standard: '40GBASE-ER4', kind: 'grey', speedGbps: 40, unamplifiedReachKm: 40, amplifiedReachKm: null, launchDbm: -2.7, rxSensitivityDbm: -19 },
  { standard: '100GBASE-LR4', kind: 'grey', speedGbps: 100, unamplifiedReachKm: 10, amplifiedReachKm: null, launchDbm: -4.3, rxSensitivityDbm: -10.6 },
  { standard: '100GBASE-ER4', kind: 'grey', speedGbps: 100, unamplifiedReachKm: 40, amplifiedReachKm: null, launchDbm: -2.9, rxSensitivityDbm: -20.9 },
  { standard: '400G-LR4-10', kind: 'grey', speedGbps: 400, unamplifiedReachKm: 10, amplifiedReachKm: null, launchDbm: -2.7, rxSensitivityDbm: -10 },
];

/** Coherent pluggables, cheaper first: 400ZR (OIF, 120 km amplified) before OpenZR+ (longer amplified reach). */
export const COHERENT_OPTICS: readonly OpticClass[] = [
  { standard: '400ZR', kind: 'coherent', speedGbps: null, unamplifiedReachKm: 40, amplifiedReachKm: 120, launchDbm: -10, rxSensitivityDbm: -21 },
  { standard: 'OpenZR+', kind: 'coherent', speedGbps: null, unamplifiedReachKm: 0, amplifiedReachKm: 500, launchDbm: 0, rxSensitivityDbm: -20 },
];

/** The power budget of one section (transmitter or amplifier to the next receiver or amplifier). */
export interface SectionBudget {
  section_km: number;
  launch_dbm: number;
  fiber_loss_db: number;
  connector_loss_db: number;
  splice_loss_db: number;
  total_loss_db: number;
  rx_sensitivity_dbm: number;
  margin_db: number;
  required_margin_db: number;
  /** Whose launch power and sensitivity the budget uses: the optic itself, or the line amplifiers. */
  levels_from: 'optic' | 'amplifier';
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

export function splicesIn(sectionKm: number): number {
  return Math.max(0, Math.ceil(sectionKm / PLANNING.spliceSpacingKm) - 1);
}

/** margin = launch - (fibre + connectors + splices) - sensitivity */
export function sectionBudget(sectionKm: number, launchDbm: number, rxSensitivityDbm: number, levelsFrom: SectionBudget['levels_from']): SectionBudget {
  const fiber = sectionKm * PLANNING.fiberLossDbPerKm;
  const connectors = PLANNING.connectorLossDb * PLANNING.connectorsPerSection;
  const splices = splicesIn(sectionKm) * PLANNING.spliceLossDb;
  const total = fiber + connectors + splices;
  return {
    section_km: round2(sectionKm),
    launch_dbm: launchDbm,
    fiber_loss_db: round2(fiber),
    connector_loss_db: round2(connectors),
    splice_loss_db: round2(splices),
    total_loss_db: round2(total),
    rx_sensitivity_dbm: rxSensitivityDbm,
    margin_db: round2(launchDbm - total - rxSensitivityDbm),
    required_margin_db: PLANNING.requiredMarginDb,
    levels_from: levelsFrom,
  };
}

function fits(budget: SectionBudget): boolean {
  return budget.margin_db >= PLANNING.requiredMarginDb;
}

/** What one span gets: its optic, how the line is built, and the budget of its longest (= every) section. */
export interface SpanOptics {
  optic: OpticClass;
  /** Equal sections between amplifiers; 1 = no in-line amplifier. */
  sections: number;
  amplified: boolean;
  inlineAmplifierSites: number;
  regenerationSites: number;
  /** Coherent wavelengths per span (null for grey optics). */
  wavelengths: number | null;
  /** Pluggables for the span: both ends of every link, and both sides of every regenerator. */
  modules: number;
  budget: SectionBudget;
}

export interface OpticChoiceInput {
  spanKm: number;
  count: number;
  speedGbps: number;
  preferCoherent: boolean;
  /** Standards the operator sells (with at least one product); others are never chosen. */
  sellable: ReadonlySet<string>;
}

/** Equal sections along an amplified line, as few as the amplifier budget and the spacing cap allow. */
export function amplifiedSections(km: number): number {
  for (let n = 1; ; n++) {
    const sectionKm = km / n;
    if (sectionKm <= PLANNING.maxAmplifierSpacingKm && fits(sectionBudget(sectionKm, PLANNING.amplifierLaunchDbm, PLANNING.amplifierMinInputDbm, 'amplifier')))
      return n;
  }
}

/**
 * The optic for a span: the shortest-reach grey optic of the client speed that reaches it with the required margin;
 * otherwise (or when coherent is preferred) 400ZR unamplified where its budget allows, then 400ZR over an amplified
 * line up to 120 km, then OpenZR+ over an amplified line, regenerated every 500 km. Null when nothing sellable fits.
 */
export function chooseSpanOptics(input: OpticChoiceInput): SpanOptics | null {
  const { spanKm, count, speedGbps, preferCoherent, sellable } = input;
  if (!preferCoherent) {
    for (const optic of GREY_OPTICS) {
      if (optic.speedGbps !== speedGbps || !sellable.has(optic.standard) || spanKm > optic.unamplifiedReachKm) continue;
      const budget = sectionBudget(spanKm, optic.launchDbm, optic.rxSensitivityDbm, 'optic');
      if (fits(budget))
        return { optic, sections: 1, amplified: false, inlineAmplifierSites: 0, regenerationSites: 0, wavelengths: null, modules: 2 * count, budget };
    }
  }
  const wavelengths = Math.ceil((count * speedGbps) / PLANNING.coherentWavelengthGbps);
  for (const optic of COHERENT_OPTICS) {
    if (!sellable.has(optic.standard)) continue;
    if (spanKm <= optic.unamplifiedReachKm) {
      const budget = sectionBudget(spanKm, optic.launchDbm, optic.rxSensitivityDbm, 'optic');
      if (fits(budget))
        return { optic, sections: 1, amplified: false, inlineAmplifierSites: 0, regenerationSites: 0, wavelengths, modules: 2 * wavelengths, budget };
    }
    const reach = optic.amplifiedReachKm!;
    const last = optic === COHERENT_OPTICS[COHERENT_OPTICS.length - 1];
    if (spanKm > reach && !last) continue;
    // Regenerators cut the span into equal pieces no longer than the optic's amplified reach.
    const pieces = Math.ceil(spanKm / reach);
    const perPiece = amplifiedSections(spanKm / pieces);
    const budget = sectionBudget(spanKm / pieces / perPiece, PLANNING.amplifierLaunchDbm, PLANNING.amplifierMinInputDbm, 'amplifier');
    return {
      optic,
      sections: pieces * perPiece,
      amplified: true,
      inlineAmplifierSites: pieces * (perPiece - 1),
      regenerationSites: pieces - 1,
      wavelengths,
      modules: 2 * wavelengths * pieces,
      budget,
    };
  }
  return null;
}
