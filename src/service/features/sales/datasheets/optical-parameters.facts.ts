/**
 * Published optical parameters per Ethernet type, per lane, as average optical power in dBm:
 * - txMinDbm / txMaxDbm: the standard's average launch power (min, max) of each lane;
 * - rxMinDbm: the standard's minimum average receive power of each lane (for 1000BASE-SX/LX, which specify the
 *   receiver by average power, the receive sensitivity). The standards write the receiver's sensitivity as OMA; the
 *   average-power minimum is the figure vendor datasheets print as "receiver sensitivity", and it equals the
 *   launch minimum less the standard's maximum channel insertion loss.
 *
 * Only types whose figures are published in the cited document are listed. Types that are not here (copper and
 * AOC, coherent DWDM, PON, the de-facto ZX/ZR types and the types whose tables we have not transcribed) get no budget
 * rather than an invented one; the datasheet says why.
 */
export interface OpticalParameters {
  txMinDbm: number;
  txMaxDbm: number;
  rxMinDbm: number;
  source: string;
}

const IEEE = 'IEEE Std 802.3-2022';

export const OPTICAL_PARAMETERS: Readonly<Record<string, OpticalParameters>> = {
  '1000BASE-SX': { txMinDbm: -9.5, txMaxDbm: 0, rxMinDbm: -17, source: `${IEEE}, Clause 38 (1000BASE-SX transmit and receive characteristics)` },
  '1000BASE-LX': { txMinDbm: -11, txMaxDbm: -3, rxMinDbm: -19, source: `${IEEE}, Clause 38 (1000BASE-LX transmit characteristics, single-mode fibre)` },
  '10GBASE-SR': { txMinDbm: -7.3, txMaxDbm: -1, rxMinDbm: -9.9, source: `${IEEE}, Clause 52 (10GBASE-SR transmit and receive characteristics)` },
  '10GBASE-LR': { txMinDbm: -8.2, txMaxDbm: 0.5, rxMinDbm: -14.4, source: `${IEEE}, Clause 52 (10GBASE-LR transmit and receive characteristics)` },
  '25GBASE-SR': { txMinDbm: -8.4, txMaxDbm: 2.4, rxMinDbm: -10.3, source: `${IEEE}, Clause 112 (25GBASE-SR transmit and receive characteristics)` },
  '25GBASE-LR': { txMinDbm: -7, txMaxDbm: 2, rxMinDbm: -13.3, source: `${IEEE}, Clause 114 (25GBASE-LR transmit and receive characteristics)` },
  '40GBASE-SR4': { txMinDbm: -7.6, txMaxDbm: 2.4, rxMinDbm: -9.5, source: `${IEEE}, Clause 86 (40GBASE-SR4 transmit and receive characteristics)` },
  '40GBASE-LR4': { txMinDbm: -7, txMaxDbm: 2.3, rxMinDbm: -13.7, source: `${IEEE}, Clause 87 (40GBASE-LR4 transmit and receive characteristics)` },
  '50GBASE-SR': { txMinDbm: -6.5, txMaxDbm: 4, rxMinDbm: -8.4, source: `${IEEE}, Clause 138 (50GBASE-SR transmit and receive characteristics)` },
  '200GBASE-SR4': { txMinDbm: -6.5, txMaxDbm: 4, rxMinDbm: -8.4, source: `${IEEE}, Clause 138 (200GBASE-SR4 transmit and receive characteristics)` },
  '400GBASE-SR8': { txMinDbm: -6.5, txMaxDbm: 4, rxMinDbm: -8.4, source: `${IEEE}, Clause 138 (400GBASE-SR8 transmit and receive characteristics)` },
  '100GBASE-SR4': { txMinDbm: -8.4, txMaxDbm: 2.4, rxMinDbm: -10.3, source: `${IEEE}, Clause 95 (100GBASE-SR4 transmit and receive characteristics)` },
  '100GBASE-LR4': { txMinDbm: -4.3, txMaxDbm: 4.5, rxMinDbm: -10.6, source: `${IEEE}, Clause 88 (100GBASE-LR4 transmit and receive characteristics)` },
  '100GBASE-ER4': { txMinDbm: -2.9, txMaxDbm: 2.9, rxMinDbm: -20.9, source: `${IEEE}, Clause 88 (100GBASE-ER4 transmit and receive characteristics)` },
  '100G-CWDM4': {
    txMinDbm: -6.5,
    txMaxDbm: 2.5,
    rxMinDbm: -11.5,
    source: '100G CWDM4 MSA Technical Specification, Rev 1.1 (transmit and receive characteristics)',
  },
  '100GBASE-DR': { txMinDbm: -2.9, txMaxDbm: 4, rxMinDbm: -5.9, source: `${IEEE}, Clause 140 (100GBASE-DR transmit and receive characteristics)` },
  '100GBASE-FR1': {
    txMinDbm: -2.4,
    txMaxDbm: 4,
    rxMinDbm: -6.4,
    source: 'IEEE Std 802.3cu-2021, Clause 140 (100GBASE-FR1 transmit and receive characteristics)',
  },
  '100GBASE-LR1': {
    txMinDbm: -1.4,
    txMaxDbm: 4.5,
    rxMinDbm: -7.7,
    source: 'IEEE Std 802.3cu-2021, Clause 140 (100GBASE-LR1 transmit and receive characteristics)',
  },
  '400GBASE-DR4': { txMinDbm: -2.9, txMaxDbm: 4, rxMinDbm: -5.9, source: `${IEEE}, Clause 124 (400GBASE-DR4 transmit and receive characteristics)` },
  '800GBASE-DR8': {
    txMinDbm: -2.9,
    txMaxDbm: 4,
    rxMinDbm: -5.9,
    source: 'IEEE Std 802.3df-2024, Clause 124 (800GBASE-DR8: the 400GBASE-DR4 lane on eight lanes)',
  },
  '400GBASE-FR4': {
    txMinDbm: -3.2,
    txMaxDbm: 3.5,
    rxMinDbm: -7.2,
    source: 'IEEE Std 802.3cu-2021, Clause 151 (400GBASE-FR4 transmit and receive characteristics)',
  },
};

/**
 * Cabled-fibre attenuation used for the fiber loss at the rated reach, dB/km (the worst-case planning values):
 * single-mode 0.4 below 1400 nm and 0.3 from 1400 nm (ITU-T G.652, cable attributes: maximum attenuation at 1310 nm
 * and at 1550 nm); multimode 3.5 at 850-950 nm and 1.5 at 1300 nm (the cabled multimode attenuation of ISO/IEC 11801
 * that IEEE 802.3 uses for its multimode link models).
 */
export const FIBER_ATTENUATION = {
  SMF: { belowNm: 1400, shortDbPerKm: 0.4, longDbPerKm: 0.3, source: 'ITU-T G.652 cable attributes (max. 0.4 dB/km at 1310 nm, 0.3 dB/km at 1550 nm)' },
  MMF: { belowNm: 1100, shortDbPerKm: 3.5, longDbPerKm: 1.5, source: 'ISO/IEC 11801 cabled multimode (max. 3.5 dB/km at 850 nm, 1.5 dB/km at 1300 nm)' },
} as const;

/**
 * Connectors and splices of a link, dB: the connection insertion-loss allocation IEEE 802.3 makes in its link
 * models (for example 1.5 dB for 100GBASE-SR4 over multimode, 2.0 dB for 100GBASE-LR4 over single-mode).
 */
export const CONNECTION_ALLOWANCE_DB = { SMF: 2, MMF: 1.5 } as const;
