/**
 * Published optical parameters per Ethernet type, per lane, as average optical power in dBm:
 * - txMinDbm / txMaxDbm: the standard's average launch power (min, max) of each lane;
 * - rxMinDbm: the standard's minimum average receive power of each lane (for 1000BASE-SX/LX, which specify the
 *   receiver by average power, the receive sensitivity). The standards write the receiver's sensitivity as OMA; the
 *   average-power minimum is the figure vendor datasheets print as "receiver sensitivity", and it equals the
 *   launch minimum less the standard's maximum channel insertion loss.
 *
 * - connections: the connection and splice loss allocation of the standard's link model per reach and fibre grade
 *   (absent: 2.0 dB on single-mode, 1.5 dB on multimode, the allocation of every IEEE 802.3 clause listed here);
 * - engineered: the reach the standard guarantees on worst-case cable, where it rates a longer reach as an
 *   "engineered link" (a link whose measured loss must stay within the channel insertion loss).
 *
 * This is the one home of these figures: the datasheets' power budgets and the transport planner read it. A
 * figure that is not a transcription of the cited document says so (`basis: 'estimate'`, source starting
 * "Estimate:"). Types that are not here (copper and AOC, PON, the types whose tables we have not transcribed) get
 * no budget rather than an invented one; the datasheet says why.
 */
export interface ConnectionAllocation {
  /** The allocation applies to links up to this length. */
  upToMeters: number;
  db: number;
  /** The fibre grade the clause states the reach for (OM3, OM4, ...). */
  grade: string;
}

export interface OpticalParameters {
  txMinDbm: number;
  txMaxDbm: number;
  rxMinDbm: number;
  basis: 'published' | 'estimate';
  source: string;
  connections?: readonly ConnectionAllocation[];
  engineered?: { worstCaseReachMeters: number; clause: string };
  /** A coherent type's reach over an amplified DWDM line, where the line amplifiers set the levels, not this budget. */
  amplifiedReachMeters?: number;
}

/** The allocation for connectors and splices where a clause does not state its own per reach. */
export const DEFAULT_CONNECTION_ALLOCATION_DB = { SMF: 2, MMF: 1.5 } as const;

const IEEE = 'IEEE Std 802.3-2022';

export const OPTICAL_PARAMETERS: Readonly<Record<string, OpticalParameters>> = {
  '1000BASE-SX': {
    txMinDbm: -9.5,
    txMaxDbm: 0,
    rxMinDbm: -17,
    basis: 'published',
    source: `${IEEE}, Clause 38 (1000BASE-SX transmit and receive characteristics)`,
  },
  '1000BASE-LX': {
    txMinDbm: -11,
    txMaxDbm: -3,
    rxMinDbm: -19,
    basis: 'published',
    source: `${IEEE}, Clause 38 (1000BASE-LX transmit characteristics, single-mode fibre)`,
  },
  '10GBASE-SR': {
    txMinDbm: -7.3,
    txMaxDbm: -1,
    rxMinDbm: -9.9,
    basis: 'published',
    source: `${IEEE}, Clause 52 (10GBASE-SR transmit and receive characteristics)`,
  },
  '10GBASE-LR': {
    txMinDbm: -8.2,
    txMaxDbm: 0.5,
    rxMinDbm: -14.4,
    basis: 'published',
    source: `${IEEE}, Clause 52 (10GBASE-LR transmit and receive characteristics)`,
  },
  '25GBASE-SR': {
    txMinDbm: -8.4,
    txMaxDbm: 2.4,
    rxMinDbm: -10.3,
    basis: 'published',
    source: `${IEEE}, Clause 112 (25GBASE-SR transmit and receive characteristics)`,
  },
  '25GBASE-LR': {
    txMinDbm: -7,
    txMaxDbm: 2,
    rxMinDbm: -13.3,
    basis: 'published',
    source: `${IEEE}, Clause 114 (25GBASE-LR transmit and receive characteristics)`,
  },
  '40GBASE-SR4': {
    txMinDbm: -7.6,
    txMaxDbm: 2.4,
    rxMinDbm: -9.5,
    basis: 'published',
    source: `${IEEE}, Clause 86 (40GBASE-SR4 transmit and receive characteristics; 1.5 dB connections to 100 m on OM3, 1.0 dB to 150 m on OM4)`,
    connections: [
      { upToMeters: 100, db: 1.5, grade: 'OM3' },
      { upToMeters: 150, db: 1.0, grade: 'OM4' },
    ],
  },
  '40GBASE-LR4': {
    txMinDbm: -7,
    txMaxDbm: 2.3,
    rxMinDbm: -13.7,
    basis: 'published',
    source: `${IEEE}, Clause 87 (40GBASE-LR4 transmit and receive characteristics)`,
  },
  '50GBASE-SR': {
    txMinDbm: -6.5,
    txMaxDbm: 4,
    rxMinDbm: -8.4,
    basis: 'published',
    source: `${IEEE}, Clause 138 (50GBASE-SR transmit and receive characteristics)`,
  },
  '200GBASE-SR4': {
    txMinDbm: -6.5,
    txMaxDbm: 4,
    rxMinDbm: -8.4,
    basis: 'published',
    source: `${IEEE}, Clause 138 (200GBASE-SR4 transmit and receive characteristics)`,
  },
  '400GBASE-SR8': {
    txMinDbm: -6.5,
    txMaxDbm: 4,
    rxMinDbm: -8.4,
    basis: 'published',
    source: `${IEEE}, Clause 138 (400GBASE-SR8 transmit and receive characteristics)`,
  },
  '100GBASE-SR4': {
    txMinDbm: -8.4,
    txMaxDbm: 2.4,
    rxMinDbm: -10.3,
    basis: 'published',
    source: `${IEEE}, Clause 95 (100GBASE-SR4 transmit and receive characteristics)`,
  },
  '100GBASE-LR4': {
    txMinDbm: -4.3,
    txMaxDbm: 4.5,
    rxMinDbm: -10.6,
    basis: 'published',
    source: `${IEEE}, Clause 88 (100GBASE-LR4 transmit and receive characteristics)`,
  },
  '100GBASE-ER4': {
    txMinDbm: -2.9,
    txMaxDbm: 2.9,
    rxMinDbm: -20.9,
    basis: 'published',
    source: `${IEEE}, Clause 88 (100GBASE-ER4 transmit and receive characteristics; 18 dB channel insertion loss)`,
    engineered: { worstCaseReachMeters: 30_000, clause: `${IEEE}, Clause 88` },
  },
  '10GBASE-ER': {
    txMinDbm: -4.7,
    txMaxDbm: 4,
    rxMinDbm: -15.8,
    basis: 'published',
    source: `${IEEE}, Clause 52 (10GBASE-ER transmit and receive characteristics)`,
    engineered: { worstCaseReachMeters: 30_000, clause: `${IEEE}, Clause 52` },
  },
  '25GBASE-ER': {
    txMinDbm: -2.9,
    txMaxDbm: 2.9,
    rxMinDbm: -20.9,
    basis: 'estimate',
    source:
      'Estimate: the 100GBASE-ER4 lane (IEEE Std 802.3-2022, Clause 88) for the 40 km single-lane type of Clause 114 (IEEE Std 802.3cc-2017), whose tables are not transcribed here',
    engineered: { worstCaseReachMeters: 30_000, clause: 'IEEE Std 802.3cc-2017, Clause 114' },
  },
  '40GBASE-ER4': {
    txMinDbm: -2.7,
    txMaxDbm: 4.5,
    rxMinDbm: -21.2,
    basis: 'published',
    source: `${IEEE}, Clause 87 (40GBASE-ER4 transmit characteristics; 18.5 dB channel insertion loss, 2.0 dB connections)`,
    engineered: { worstCaseReachMeters: 30_000, clause: `${IEEE}, Clause 87` },
  },
  '10GBASE-ZR': {
    txMinDbm: 0,
    txMaxDbm: 4,
    rxMinDbm: -24,
    basis: 'estimate',
    source: 'Estimate: typical of vendor 10G ZR SFP+ datasheets (an industry de-facto type without a standard: 0 to +4 dBm launch, -24 dBm APD receiver)',
  },
  '100G-CWDM4': {
    txMinDbm: -6.5,
    txMaxDbm: 2.5,
    rxMinDbm: -11.5,
    basis: 'published',
    source: '100G CWDM4 MSA Technical Specification, Rev 1.1 (transmit and receive characteristics)',
  },
  '100GBASE-DR': {
    txMinDbm: -2.9,
    txMaxDbm: 4,
    rxMinDbm: -5.9,
    basis: 'published',
    source: `${IEEE}, Clause 140 (100GBASE-DR transmit and receive characteristics)`,
  },
  '100GBASE-FR1': {
    txMinDbm: -2.4,
    txMaxDbm: 4,
    rxMinDbm: -6.4,
    basis: 'published',
    source: 'IEEE Std 802.3cu-2021, Clause 140 (100GBASE-FR1 transmit and receive characteristics)',
  },
  '100GBASE-LR1': {
    txMinDbm: -1.4,
    txMaxDbm: 4.5,
    rxMinDbm: -7.7,
    basis: 'published',
    source: 'IEEE Std 802.3cu-2021, Clause 140 (100GBASE-LR1 transmit and receive characteristics)',
  },
  '400GBASE-DR4': {
    txMinDbm: -2.9,
    txMaxDbm: 4,
    rxMinDbm: -5.9,
    basis: 'published',
    source: `${IEEE}, Clause 124 (400GBASE-DR4 transmit and receive characteristics)`,
  },
  '800GBASE-DR8': {
    txMinDbm: -2.9,
    txMaxDbm: 4,
    rxMinDbm: -5.9,
    basis: 'published',
    source: 'IEEE Std 802.3df-2024, Clause 124 (800GBASE-DR8: the 400GBASE-DR4 lane on eight lanes)',
  },
  '400GBASE-FR4': {
    txMinDbm: -3.2,
    txMaxDbm: 3.5,
    rxMinDbm: -7.2,
    basis: 'published',
    source: 'IEEE Std 802.3cu-2021, Clause 151 (400GBASE-FR4 transmit and receive characteristics)',
  },
  '400G-LR4-10': {
    txMinDbm: -2.7,
    txMaxDbm: 5.1,
    rxMinDbm: -9,
    basis: 'published',
    source: '100G Lambda MSA, 400G-LR4-10 Technical Specification (average launch power each lane -2.7 to 5.1 dBm; 6.3 dB channel insertion loss)',
  },
  '400ZR': {
    txMinDbm: -10,
    txMaxDbm: -6,
    rxMinDbm: -21,
    basis: 'published',
    source: 'OIF-400ZR-01.0 Implementation Agreement, unamplified single-wavelength application (-10 dBm minimum output, 11 dB loss budget)',
    amplifiedReachMeters: 120_000,
  },
  'OpenZR+': {
    txMinDbm: -10,
    txMaxDbm: -6,
    rxMinDbm: -20,
    basis: 'estimate',
    source:
      'Estimate: the 400ZR transmitter class of OpenZR+ MSA modules; OpenZR+ is specified for amplified DWDM lines, where the line system sets the levels',
  },
};

/** The allocation for connectors and splices of a link of this length: the clause's own, else the default. */
export function connectionAllocation(params: OpticalParameters, fibre: 'SMF' | 'MMF', reachMeters: number | null): number {
  const own = params.connections?.find((c) => reachMeters !== null && reachMeters <= c.upToMeters) ?? params.connections?.at(-1);
  return own?.db ?? DEFAULT_CONNECTION_ALLOCATION_DB[fibre];
}
