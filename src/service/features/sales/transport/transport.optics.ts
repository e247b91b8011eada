import { attenuationBand } from '../../../../shared/facts/fibre-attenuation.facts.js';
import { connectionAllocation, OPTICAL_PARAMETERS } from '../../../../shared/facts/optical-parameters.facts.js';

/**
 * The planner's optical rules: which optic serves a span, where amplifiers and regenerators go, and the power
 * budget that proves it. The optics' launch power and sensitivity, the fibre loss per wavelength band and a grey
 * optic's connection allocation are the facts the datasheets print (src/shared/facts); the line-system values
 * below are PLANNING values, documented with their reason in docs/sales-transport.md. A real design confirms them
 * against the chosen product's datasheet and the line system's OSNR calculation.
 */

/** DWDM lines run in the C-band: their sections lose what the 1550 nm band loses. */
const C_BAND_NM = 1550;

export const PLANNING = {
  /** A connector pair at each end of an amplifier section (patch panel to equipment). */
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

/** Fibre loss of a DWDM line section, dB/km. */
export const LINE_DB_PER_KM = attenuationBand('SMF', C_BAND_NM).dbPerKm;

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
  /** The standard's shortest wavelength, which picks the fibre loss of its band. */
  wavelengthNm: number;
  /** Minimum average launch power and minimum average receive power (per lane for 4-lane optics), dBm. */
  launchDbm: number;
  rxSensitivityDbm: number;
}

type OpticSpec = Omit<OpticClass, 'launchDbm' | 'rxSensitivityDbm'>;

/** The launch and receive figures of a standard, from the one table the datasheets print. */
function withLevels(spec: OpticSpec): OpticClass {
  const params = OPTICAL_PARAMETERS[spec.standard];
  if (params === undefined) throw new Error(`no optical parameters on file for ${spec.standard}`);
  return { ...spec, launchDbm: params.txMinDbm, rxSensitivityDbm: params.rxMinDbm };
}

const grey = (standard: string, speedGbps: number, reachKm: number, wavelengthNm: number): OpticClass =>
  withLevels({ standard, kind: 'grey', speedGbps, unamplifiedReachKm: reachKm, amplifiedReachKm: null, wavelengthNm });

/** Grey optics, shortest reach first within a speed. */
export const GREY_OPTICS: readonly OpticClass[] = [
  grey('10GBASE-LR', 10, 10, 1310),
  grey('10GBASE-ER', 10, 40, 1550),
  grey('10GBASE-ZR', 10, 80, 1550),
  grey('25GBASE-LR', 25, 10, 1310),
  grey('25GBASE-ER', 25, 40, 1310),
  grey('40GBASE-LR4', 40, 10, 1271),
  grey('40GBASE-ER4', 40, 40, 1271),
  grey('100GBASE-LR4', 100, 10, 1295.56),
  grey('100GBASE-ER4', 100, 40, 1295.56),
  grey('400G-LR4-10', 400, 10, 1271),
];

/** Coherent pluggables, cheaper first: 400ZR (OIF, 120 km amplified) before OpenZR+ (longer amplified reach). */
export const COHERENT_OPTICS: readonly OpticClass[] = [
  withLevels({ standard: '400ZR', kind: 'coherent', speedGbps: null, unamplifiedReachKm: 40, amplifiedReachKm: 120, wavelengthNm: 1528.77 }),
  withLevels({ standard: 'OpenZR+', kind: 'coherent', speedGbps: null, unamplifiedReachKm: 0, amplifiedReachKm: 500, wavelengthNm: 1528.77 }),
];

/** The power budget of one section (transmitter or amplifier to the next receiver or amplifier). */
export interface SectionBudget {
  section_km: number;
  launch_dbm: number;
  attenuation_db_per_km: number;
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

/** How a section loses light besides its fibre: per connector and splice, or a standard's connection allocation. */
export type SectionLosses = { dbPerKm: number; connectionAllocationDb: number | null };

/** An amplified DWDM line section: C-band fibre, connectors and splices counted one by one. */
export const LINE_SECTION: SectionLosses = { dbPerKm: LINE_DB_PER_KM, connectionAllocationDb: null };

/**
 * A grey or coherent optic's own link: the fibre loss of its band, and its standard's connection allocation (the
 * one its datasheet's budget uses, which covers connectors and splices), so planner and datasheet agree.
 */
export function opticLink(optic: OpticClass, sectionKm: number): SectionLosses {
  const params = OPTICAL_PARAMETERS[optic.standard]!;
  return { dbPerKm: attenuationBand('SMF', optic.wavelengthNm).dbPerKm, connectionAllocationDb: connectionAllocation(params, 'SMF', sectionKm * 1000) };
}

/** margin = launch - (fibre + connectors + splices) - sensitivity */
export function sectionBudget(
  sectionKm: number,
  launchDbm: number,
  rxSensitivityDbm: number,
  levelsFrom: SectionBudget['levels_from'],
  losses: SectionLosses,
): SectionBudget {
  const fiber = sectionKm * losses.dbPerKm;
  const connectors = losses.connectionAllocationDb ?? PLANNING.connectorLossDb * PLANNING.connectorsPerSection;
  const splices = losses.connectionAllocationDb === null ? splicesIn(sectionKm) * PLANNING.spliceLossDb : 0;
  const total = fiber + connectors + splices;
  return {
    section_km: round2(sectionKm),
    launch_dbm: launchDbm,
    attenuation_db_per_km: losses.dbPerKm,
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

/**
 * What one span gets: its optic, how the line is built, and the budget of its longest (= every) section. A leased
 * wavelength (a water crossing too long for an unrepeatered span) has the carrier's line: the optic is the hand-off
 * optic at each end, and there is no budget of ours.
 */
export interface SpanOptics {
  optic: OpticClass;
  carriage: 'own_fibre' | 'leased_wavelength';
  /** Leased circuits at the hand-off optic's speed; null on own fibre. */
  leasedCircuits: number | null;
  /** Equal sections between amplifiers; 1 = no in-line amplifier. */
  sections: number;
  amplified: boolean;
  inlineAmplifierSites: number;
  regenerationSites: number;
  /** Coherent wavelengths per span (null for grey optics). */
  wavelengths: number | null;
  /** Pluggables for the span: both ends of every link, and both sides of every regenerator. */
  modules: number;
  budget: SectionBudget | null;
}

export interface OpticChoiceInput {
  spanKm: number;
  count: number;
  speedGbps: number;
  preferCoherent: boolean;
  /** Standards the operator sells (with at least one product); others are never chosen. */
  sellable: ReadonlySet<string>;
  /** The route crosses open water: no in-line amplifier or regenerator may stand along it. */
  crossesWater: boolean;
}

const OWN_FIBRE = { carriage: 'own_fibre', leasedCircuits: null } as const;

/** Equal sections along an amplified line, as few as the amplifier budget and the spacing cap allow. */
export function amplifiedSections(km: number): number {
  for (let n = 1; ; n++) {
    const sectionKm = km / n;
    if (
      sectionKm <= PLANNING.maxAmplifierSpacingKm &&
      fits(sectionBudget(sectionKm, PLANNING.amplifierLaunchDbm, PLANNING.amplifierMinInputDbm, 'amplifier', LINE_SECTION))
    )
      return n;
  }
}

/** An optic on its own link over the whole span, unamplified, when its budget leaves the required margin. */
function ownLink(optic: OpticClass, spanKm: number, wavelengths: number | null, modules: number): SpanOptics | null {
  const budget = sectionBudget(spanKm, optic.launchDbm, optic.rxSensitivityDbm, 'optic', opticLink(optic, spanKm));
  if (!fits(budget)) return null;
  return { optic, ...OWN_FIBRE, sections: 1, amplified: false, inlineAmplifierSites: 0, regenerationSites: 0, wavelengths, modules, budget };
}

/**
 * The optic for a span: the shortest-reach grey optic of the client speed that reaches it with the required margin;
 * otherwise (or when coherent is preferred) 400ZR unamplified where its budget allows, then 400ZR over an amplified
 * line up to 120 km, then OpenZR+ over an amplified line, regenerated every 500 km. A route across water gets no
 * in-line amplifier or regenerator: an unrepeatered span where a budget closes end to end, else a leased subsea
 * wavelength handed off by grey optics. Null when nothing sellable fits.
 */
export function chooseSpanOptics(input: OpticChoiceInput): SpanOptics | null {
  const { spanKm, count, speedGbps, preferCoherent, sellable } = input;
  if (!preferCoherent) {
    for (const optic of GREY_OPTICS) {
      if (optic.speedGbps !== speedGbps || !sellable.has(optic.standard) || spanKm > optic.unamplifiedReachKm) continue;
      const own = ownLink(optic, spanKm, null, 2 * count);
      if (own !== null) return own;
    }
  }
  const wavelengths = Math.ceil((count * speedGbps) / PLANNING.coherentWavelengthGbps);
  for (const optic of COHERENT_OPTICS) {
    if (!sellable.has(optic.standard)) continue;
    if (spanKm <= optic.unamplifiedReachKm) {
      const own = ownLink(optic, spanKm, wavelengths, 2 * wavelengths);
      if (own !== null) return own;
    }
    const reach = optic.amplifiedReachKm!;
    const last = optic === COHERENT_OPTICS[COHERENT_OPTICS.length - 1];
    if (spanKm > reach && !last) continue;
    // Regenerators cut the span into equal pieces no longer than the optic's amplified reach.
    const pieces = Math.ceil(spanKm / reach);
    const perPiece = amplifiedSections(spanKm / pieces);
    // Over water only the terminals may amplify: one section end to end, or the span is not ours to build.
    if (input.crossesWater && pieces * perPiece > 1) continue;
    const budget = sectionBudget(spanKm / pieces / perPiece, PLANNING.amplifierLaunchDbm, PLANNING.amplifierMinInputDbm, 'amplifier', LINE_SECTION);
    return {
      optic,
      ...OWN_FIBRE,
      sections: pieces * perPiece,
      amplified: true,
      inlineAmplifierSites: pieces * (perPiece - 1),
      regenerationSites: pieces - 1,
      wavelengths,
      modules: 2 * wavelengths * pieces,
      budget,
    };
  }
  return input.crossesWater ? leasedWavelength(input) : null;
}

/**
 * A wavelength leased from a subsea carrier: the carrier's line crosses the water, and each end hands the circuits
 * off on grey optics of the client speed (or the fastest sellable speed below it, in as many circuits as it takes).
 */
function leasedWavelength({ count, speedGbps, sellable }: OpticChoiceInput): SpanOptics | null {
  const handoffs = GREY_OPTICS.filter((o) => sellable.has(o.standard) && o.speedGbps! <= speedGbps);
  const fastest = Math.max(...handoffs.map((o) => o.speedGbps!));
  const optic = handoffs.find((o) => o.speedGbps === fastest);
  if (optic === undefined) return null;
  const circuits = Math.ceil((count * speedGbps) / fastest);
  return {
    optic,
    carriage: 'leased_wavelength',
    leasedCircuits: circuits,
    sections: 0,
    amplified: false,
    inlineAmplifierSites: 0,
    regenerationSites: 0,
    wavelengths: null,
    modules: 2 * circuits,
    budget: null,
  };
}
