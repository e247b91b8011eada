/**
 * Cabled-fibre attenuation per fibre type and wavelength band, dB/km: the one table the datasheets' power budgets,
 * the transport planner and the FAQ read. Planning values (worst case of installed cable, splices excluded; the
 * connection allocation of a link covers connectors and splices).
 */
export interface AttenuationBand {
  fibre: 'SMF' | 'MMF';
  band: string;
  /** Wavelengths from fromNm (inclusive) to toNm (exclusive). */
  fromNm: number;
  toNm: number;
  dbPerKm: number;
  source: string;
}

export const FIBRE_ATTENUATION_BANDS: readonly AttenuationBand[] = [
  {
    fibre: 'MMF',
    band: '850 nm window',
    fromNm: 700,
    toNm: 1100,
    dbPerKm: 3.5,
    source: 'ISO/IEC 11801 and TIA-568.3-D cabled multimode: max. 3.5 dB/km at 850 nm (the value of the IEEE 802.3 multimode link models)',
  },
  {
    fibre: 'MMF',
    band: '1300 nm window',
    fromNm: 1100,
    toNm: 1700,
    dbPerKm: 1.5,
    source: 'ISO/IEC 11801 and TIA-568.3-D cabled multimode: max. 1.5 dB/km at 1300 nm',
  },
  {
    fibre: 'SMF',
    band: 'O- and E-band (1310 nm)',
    fromNm: 1200,
    toNm: 1460,
    dbPerKm: 0.4,
    source:
      'ITU-T G.652 cable attributes: max. 0.4 dB/km at 1310 nm; the value of the IEEE 802.3 single-mode link models (e.g. Clause 87, 40GBASE-ER4); FOA and TIA planning 0.4-0.45 dB/km',
  },
  {
    fibre: 'SMF',
    band: 'S-, C- and L-band (1550 nm)',
    fromNm: 1460,
    toNm: 1700,
    dbPerKm: 0.25,
    source:
      'Planning value of installed G.652.D cable at 1550 nm, splices excluded (ITU-T G.652 cabled maximum 0.3 dB/km; cabled fibre typically 0.2-0.25 dB/km)',
  },
];

/** The band a wavelength falls in, for a fibre type; the shortest band when the wavelength is unknown. */
export function attenuationBand(fibre: 'SMF' | 'MMF', wavelengthNm: number | null): AttenuationBand {
  const bands = FIBRE_ATTENUATION_BANDS.filter((b) => b.fibre === fibre);
  return bands.find((b) => wavelengthNm !== null && wavelengthNm >= b.fromNm && wavelengthNm < b.toNm) ?? bands[0]!;
}
