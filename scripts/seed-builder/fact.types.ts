/** Shapes of the curated fact tables. Every value in these tables is a published fact, not generated. */

export type Medium = 'multimode' | 'single-mode' | 'copper';

export interface StandardFact {
  name: string;
  /** ethernet = an IEEE 802.3 PHY; ethernet-msa = a multi-source agreement or industry de-facto type (not IEEE). */
  category: 'ethernet' | 'ethernet-msa' | 'pon' | 'coherent';
  speedGbps: number;
  lanes: number;
  modulation: string;
  medium: Medium;
  /** Headline reach as published; null where the document defines none (the label then says why). */
  reachM: number | null;
  reachLabel: string;
  /** Nominal centre wavelengths in nm (lane grids listed in full; tunable or banded types give the band edges). */
  wavelengths: number[];
  fiberCount: number | null;
  connector: string | null;
  /** IEEE clause, ITU-T recommendation or MSA that defines it. */
  body: string;
  year: number | null;
  en: string;
  de: string;
}

export interface FormFactorFact {
  name: string;
  fullName: string;
  speed: string;
  maxSpeedGbps: number;
  channels: number;
  status: 'emerging' | 'mainstream' | 'mature' | 'legacy';
  supersedes: string | null;
  introducedYear: number;
  en: string;
  de: string;
}

export interface PortGroupFact {
  count: number;
  formFactor: string;
  speeds: number[];
  role: 'downlink' | 'uplink' | 'management' | 'fabric';
}

export interface SwitchFact {
  vendor: string;
  model: string;
  series: string;
  role: 'access' | 'leaf' | 'spine' | 'aggregation' | 'core';
  asic: string | null;
  year: number | null;
  ports: PortGroupFact[];
  /** Plain-language summary; mentions fixed RJ45 ports, which have no pluggable cage and so no port group. */
  note?: string;
}

export interface CityFact {
  id: string;
  name: string;
  country: string;
  lat: number;
  lon: number;
}
