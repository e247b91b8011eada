/**
 * Which pluggable module fits which switch cage: the one place these rules live (the finder, the switch datasheet
 * and the transceiver datasheet's compatibility list all use it). Pure: no database, no I/O.
 *
 * A module fits a port group when (1) the cage accepts the module's form factor mechanically and electrically and
 * (2) the port runs at the module's speed (the port group's speeds_gbps). docs/sales-finder.md explains each rule with
 * its source.
 */

export type FitKind = 'native' | 'backward';

export interface CageSpec {
  form_factor: string;
  speeds_gbps: readonly number[];
}

export interface ModuleSpec {
  form_factor: string;
  speed_gbps: number;
}

export interface PortFit {
  kind: FitKind;
  /** Plain-language reason with the MSA behind it, shown to the salesperson. */
  reason: string;
}

interface CageRule {
  /** Older form factors the cage takes besides its own, newest first. */
  takes: readonly string[];
  msa: string;
}

/*
 * Cage -> older modules it takes. Sources:
 * - SFP family: SFF-8431/SFF-8432 (SFP+ electrical and mechanical, same cage as the SFP of INF-8074i), SFF-8402 (SFP28),
 *   SFF-8402 rev 1.3+ (SFP56 at 50G PAM4) and the SFP-DD MSA's SFP112: each generation keeps the SFP cage and pinout, so a
 *   host that still runs the lower lane rate takes the older module.
 * - QSFP family: SFF-8436 (QSFP+ 40G), SFF-8665/SFF-8679 (QSFP28, same SFF-8661 cage), SFF-8665 rev 1.9+ (QSFP56 at 4 x 50G
 *   PAM4), QSFP112 MSA (4 x 100G PAM4): same cage, older modules work where the host runs their lane rate.
 * - QSFP-DD MSA (hardware specification rev 5/6/7): the double-density cage is backwards compatible with QSFP+/QSFP28/QSFP56
 *   modules (the lower row of contacts is the QSFP pinout). A 400G QSFP-DD host (8 x 50G PAM4 SerDes) does not run the
 *   4 x 100G lanes of a QSFP112; QSFP-DD800 hosts (8 x 100G) take QSFP112 and the 400G QSFP-DD module.
 * - OSFP MSA: a different, wider cage with its own heat sink; QSFP-family modules do not fit (only through a separate
 *   adapter, which the finder does not offer as a fit). OSFP224 (OSFP MSA rev 5, 8 x 200G) keeps the OSFP cage.
 * - CFP/CFP2/CFP4/CFP8 (CFP MSA), XFP (INF-8077i), CXP (InfiniBand annex A6) and OSFP-XD take only their own modules.
 */
const CAGES: Record<string, CageRule> = {
  SFP: { takes: [], msa: 'INF-8074i / SFF-8472' },
  'SFP+': { takes: ['SFP'], msa: 'SFF-8431 / SFF-8432' },
  SFP28: { takes: ['SFP+', 'SFP'], msa: 'SFF-8402' },
  SFP56: { takes: ['SFP28', 'SFP+', 'SFP'], msa: 'SFF-8402' },
  SFP112: { takes: ['SFP56', 'SFP28', 'SFP+'], msa: 'SFP-DD MSA (SFP112)' },
  'QSFP+': { takes: [], msa: 'SFF-8436' },
  QSFP28: { takes: ['QSFP+'], msa: 'SFF-8665 / SFF-8661' },
  QSFP56: { takes: ['QSFP28', 'QSFP+'], msa: 'SFF-8665' },
  QSFP112: { takes: ['QSFP56', 'QSFP28', 'QSFP+'], msa: 'QSFP112 MSA' },
  'QSFP-DD': { takes: ['QSFP56', 'QSFP28', 'QSFP+'], msa: 'QSFP-DD MSA' },
  'QSFP-DD800': { takes: ['QSFP-DD', 'QSFP112', 'QSFP56', 'QSFP28', 'QSFP+'], msa: 'QSFP-DD MSA (QSFP-DD800)' },
  OSFP: { takes: [], msa: 'OSFP MSA' },
  OSFP224: { takes: ['OSFP'], msa: 'OSFP MSA (OSFP224)' },
  'OSFP-XD': { takes: [], msa: 'OSFP MSA (OSFP-XD)' },
  XFP: { takes: [], msa: 'INF-8077i' },
  CFP: { takes: [], msa: 'CFP MSA' },
  CFP2: { takes: [], msa: 'CFP MSA (CFP2)' },
  CFP4: { takes: [], msa: 'CFP MSA (CFP4)' },
  CFP8: { takes: [], msa: 'CFP MSA (CFP8)' },
  CXP: { takes: [], msa: 'InfiniBand CXP (annex A6)' },
};

/** The module form factors a cage takes: its own first, then the older ones. An unknown cage takes only its own name. */
export function acceptedFormFactors(cage: string): string[] {
  return [cage, ...(CAGES[cage]?.takes ?? [])];
}

/** Whether a module fits a port group, and how; null when it never fits (wrong cage, or a speed the port does not run). */
export function moduleFitsPort(port: CageSpec, module: ModuleSpec): PortFit | null {
  // Exact equality: SONET/OTN rates (2.488, 9.953 Gb/s) are not Ethernet port speeds, so those modules never match.
  if (!port.speeds_gbps.includes(module.speed_gbps)) return null;
  if (module.form_factor === port.form_factor) {
    return { kind: 'native', reason: `${module.form_factor} module in its own cage` };
  }
  const rule = CAGES[port.form_factor];
  if (rule === undefined || !rule.takes.includes(module.form_factor)) return null;
  return {
    kind: 'backward',
    reason: `A ${port.form_factor} cage takes ${module.form_factor} modules at ${module.speed_gbps}G (${rule.msa}, backwards compatible)`,
  };
}

export interface Breakout {
  /** How many far-end ports one module feeds. */
  count: number;
  far_end_speed_gbps: number;
  /** Standards a far-end module may have (any form factor that carries them). */
  far_end_standards: readonly string[];
  source: string;
  note: string | null;
}

/*
 * Breakout: a parallel-lane module whose lanes each carry a complete lower-speed Ethernet interface, so one port
 * feeds several lower-speed ports over an MPO-to-LC (or 2 x duplex LC) harness. WDM modules (LR4, FR4, CWDM4) mux
 * their lanes onto one fibre pair and never break out; copper breakout needs a dedicated breakout DAC, not a module.
 * Whether a given switch port may be split is the switch software's business, so the finder marks breakouts as options.
 */
const BREAKOUTS: Record<string, readonly Breakout[]> = {
  '40GBASE-SR4': [
    { count: 4, far_end_speed_gbps: 10, far_end_standards: ['10GBASE-SR'], source: 'IEEE 802.3ba clause 86 lanes = 10GBASE-SR (clause 52)', note: null },
  ],
  '100GBASE-SR4': [
    {
      count: 4,
      far_end_speed_gbps: 25,
      far_end_standards: ['25GBASE-SR'],
      source: 'IEEE 802.3bm clause 95 lanes = 25GBASE-SR (802.3by clause 112)',
      note: null,
    },
  ],
  '100G-PSM4': [
    {
      count: 4,
      far_end_speed_gbps: 25,
      far_end_standards: ['25GBASE-LR'],
      source: '100G PSM4 MSA: four independent 25G lanes at 1310 nm on parallel single-mode fibre',
      note: 'Reach limited to the PSM4 500 m',
    },
  ],
  '400GBASE-SR8': [
    { count: 8, far_end_speed_gbps: 50, far_end_standards: ['50GBASE-SR'], source: 'IEEE 802.3cm clause 138 lanes = 50GBASE-SR (802.3cd)', note: null },
  ],
  '400GBASE-SR4': [
    { count: 4, far_end_speed_gbps: 100, far_end_standards: ['100GBASE-SR1'], source: 'IEEE 802.3db: 400GBASE-SR4 lanes = 100GBASE-SR1', note: null },
  ],
  '400GBASE-DR4': [
    {
      count: 4,
      far_end_speed_gbps: 100,
      far_end_standards: ['100GBASE-DR'],
      source: 'IEEE 802.3bs clause 124 lanes = 100GBASE-DR (802.3cd clause 140)',
      note: null,
    },
  ],
  '800GBASE-DR8': [
    { count: 8, far_end_speed_gbps: 100, far_end_standards: ['100GBASE-DR'], source: 'IEEE 802.3df: 800GBASE-DR8 lanes = 100GBASE-DR', note: null },
    { count: 2, far_end_speed_gbps: 400, far_end_standards: ['400GBASE-DR4'], source: 'IEEE 802.3df: 800GBASE-DR8 as 2 x 400GBASE-DR4', note: null },
  ],
  '800GBASE-SR8': [
    { count: 8, far_end_speed_gbps: 100, far_end_standards: ['100GBASE-SR1'], source: 'IEEE 802.3db: lanes = 100GBASE-SR1', note: null },
    { count: 2, far_end_speed_gbps: 400, far_end_standards: ['400GBASE-SR4'], source: 'IEEE 802.3db: 2 x 400GBASE-SR4', note: null },
  ],
  '800G-2xFR4': [
    {
      count: 2,
      far_end_speed_gbps: 400,
      far_end_standards: ['400GBASE-FR4'],
      source: '800G Pluggable MSA / OSFP MSA 2xFR4: two independent 400GBASE-FR4 interfaces on two duplex LC',
      note: null,
    },
  ],
};

/** The breakout modes of a module's standard; empty when the module does not break out. */
export function breakoutsOf(standard: string | null): readonly Breakout[] {
  return standard === null ? [] : (BREAKOUTS[standard] ?? []);
}

export const GENERIC_CODING = 'MSA generic';

/*
 * The platform coding (the EEPROM vendor fields a switch's software checks) to order for each switch maker, by
 * vendor id. The values are the catalogue's platform_coding names.
 */
const MAKER_CODINGS: Record<string, string> = {
  cisco: 'Cisco',
  juniper: 'Juniper',
  arista: 'Arista',
  hpe: 'HPE Aruba',
  dell: 'Dell',
  nokia: 'Nokia',
  huawei: 'Huawei',
  nvidia: 'NVIDIA',
  extreme: 'Extreme',
};

/** The coding a switch of this maker wants; makers without their own coding take the MSA-generic one. */
export function codingForMaker(makerVendorId: string): string {
  return MAKER_CODINGS[makerVendorId] ?? GENERIC_CODING;
}

export type CodingMatch = 'maker' | 'generic' | 'other';

/**
 * How a product's coding relates to the switch maker: 'maker' is coded for that switch, 'generic' is MSA-coded (works
 * where the switch does not enforce vendor coding), 'other' is coded for another maker and must be ordered recoded.
 */
export function codingMatch(productCoding: string | null, makerVendorId: string): CodingMatch {
  if (productCoding === null || productCoding === GENERIC_CODING) return 'generic';
  return productCoding === codingForMaker(makerVendorId) ? 'maker' : 'other';
}

/** The cages that take a module form factor (its own and every newer cage that is backwards compatible with it). */
export function cagesTaking(moduleFormFactor: string): string[] {
  const cages = Object.entries(CAGES)
    .filter(([, rule]) => rule.takes.includes(moduleFormFactor))
    .map(([cage]) => cage);
  return [moduleFormFactor, ...cages];
}
