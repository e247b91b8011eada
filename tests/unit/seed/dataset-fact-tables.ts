/**
 * Fact tables the data-set tests check every row against, written independently of the seed builder's own tables
 * so a wrong fact there shows up as a contradiction here. Sources are listed in resources/seed/catalogue/README.md.
 */

/** Multimode reach in metres per fibre class, as the defining IEEE 802.3 clause lists it (OM5 = OM4 unless stated). */
export const MULTIMODE_REACH: Record<string, { OM3: number; OM4: number; OM5: number }> = {
  '1000BASE-SX': { OM3: 550, OM4: 550, OM5: 550 },
  '10GBASE-SR': { OM3: 300, OM4: 400, OM5: 400 },
  '10GBASE-LRM': { OM3: 220, OM4: 220, OM5: 220 },
  '25GBASE-SR': { OM3: 70, OM4: 100, OM5: 100 },
  '40GBASE-SR4': { OM3: 100, OM4: 150, OM5: 150 },
  '50GBASE-SR': { OM3: 70, OM4: 100, OM5: 100 },
  '100GBASE-SR4': { OM3: 70, OM4: 100, OM5: 100 },
  '100GBASE-SR10': { OM3: 100, OM4: 150, OM5: 150 },
  '100GBASE-SR2': { OM3: 70, OM4: 100, OM5: 100 },
  '100GBASE-VR1': { OM3: 30, OM4: 50, OM5: 50 },
  '100GBASE-SR1': { OM3: 60, OM4: 100, OM5: 100 },
  '200GBASE-SR4': { OM3: 70, OM4: 100, OM5: 100 },
  '400GBASE-SR16': { OM3: 70, OM4: 100, OM5: 100 },
  '400GBASE-SR8': { OM3: 70, OM4: 100, OM5: 100 },
  '400GBASE-SR4.2': { OM3: 70, OM4: 100, OM5: 150 },
  '400GBASE-VR4': { OM3: 30, OM4: 50, OM5: 50 },
  '400GBASE-SR4': { OM3: 60, OM4: 100, OM5: 100 },
  '800GBASE-VR8': { OM3: 30, OM4: 50, OM5: 50 },
  '800GBASE-SR8': { OM3: 60, OM4: 100, OM5: 100 },
};

/**
 * Single-mode products sold beyond their standard's reach under an industry name: only these may exceed it.
 * 1000BASE-LX/LH parts are specified for 10 km, past the 5 km IEEE 1000BASE-LX link (Clause 38).
 */
export const MARKETED_SMF_REACH: Record<string, number> = { '1000BASE-LX': 10_000 };

/** Lane rates (Gb/s) each form factor's MSA carries: a product's speed must lie in [min, max]. */
export const FORM_FACTOR_SPEED: Record<string, { min: number; max: number; channels: number }> = {
  SFP: { min: 0.1, max: 4.25, channels: 1 },
  'SFP+': { min: 1, max: 10, channels: 1 },
  SFP28: { min: 10, max: 25, channels: 1 },
  SFP56: { min: 25, max: 50, channels: 1 },
  SFP112: { min: 50, max: 100, channels: 1 },
  XFP: { min: 9.953, max: 10, channels: 1 },
  'QSFP+': { min: 40, max: 40, channels: 4 },
  QSFP28: { min: 40, max: 100, channels: 4 },
  QSFP56: { min: 100, max: 200, channels: 4 },
  QSFP112: { min: 100, max: 400, channels: 4 },
  'QSFP-DD': { min: 100, max: 400, channels: 8 },
  'QSFP-DD800': { min: 200, max: 800, channels: 8 },
  OSFP: { min: 200, max: 800, channels: 8 },
  OSFP224: { min: 800, max: 1600, channels: 8 },
  'OSFP-XD': { min: 800, max: 1600, channels: 16 },
  CFP: { min: 40, max: 100, channels: 10 },
  CFP2: { min: 100, max: 400, channels: 8 },
  CFP4: { min: 100, max: 100, channels: 4 },
  CFP8: { min: 400, max: 400, channels: 16 },
  CXP: { min: 100, max: 120, channels: 12 },
};

/** A reach stated in a product name or label, e.g. "10km", "100 m", "2 km". */
export const STATED_REACH = /\b\d+(?:\.\d+)?\s?k?m\b/;
