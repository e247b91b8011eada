/**
 * Power draw per module class (optic type in a form factor) at 400G and above, in watts: the typical value the
 * catalogue's products carry and the range vendor datasheets print for the class. The catalogue's seed builder
 * reads typicalW (shop listings quote within the range), and the blog's QA check judges a wattage a draft states
 * for a named class against its range, so a draft that quotes the catalogue's own datasheet keeps its own rule.
 */
export interface ModulePowerClass {
  standard: string;
  formFactor: string;
  typicalW: number;
  rangeW: readonly [number, number];
  source: string;
}

const QSFP112_SR4 = 'Vendor datasheet: Ascent 400G QSFP112 SR4 (ascentcomtec.com), total power consumption max. 8 W';
const QDD_FR4 = 'Vendor datasheet: Wavesplitter WST-QD4-FR4-C 400G QSFP-DD FR4 (wavesplitter.com), max. 12 W';
const QDD_ZRP = 'Vendor datasheet: F-tone 400G QSFP-DD ZR+ (f-tone.com), typical 21 W, max. 22.5 W';
const QDD_ZR = 'Vendor datasheets of 400ZR QSFP-DD DCO modules: 17-20 W (the OIF 400ZR power class of about 20 W)';
const QDD_400G = 'Vendor datasheets of 400G QSFP-DD/OSFP client optics (SR8, DR4): 8-12 W, e.g. QSFP-DD DR4 max. 12 W';
const ESTIMATE_800G = 'Estimate from vendor datasheets of 800G OSFP/QSFP-DD800 optics: SR8 12-14 W, DR8 14-16.5 W, 2xFR4 15-17 W';

export const MODULE_POWER_CLASSES: readonly ModulePowerClass[] = [
  { standard: '400GBASE-SR8', formFactor: 'QSFP-DD', typicalW: 10, rangeW: [8, 10], source: QDD_400G },
  { standard: '400GBASE-SR4.2', formFactor: 'QSFP-DD', typicalW: 10, rangeW: [8, 10], source: QDD_400G },
  { standard: '400GBASE-DR4', formFactor: 'QSFP-DD', typicalW: 10, rangeW: [8, 12], source: QDD_400G },
  { standard: '400GBASE-FR4', formFactor: 'QSFP-DD', typicalW: 11, rangeW: [9, 12], source: QDD_FR4 },
  { standard: '400GBASE-LR4-6', formFactor: 'QSFP-DD', typicalW: 12, rangeW: [10, 12], source: QDD_FR4 },
  { standard: '400G-LR4-10', formFactor: 'QSFP-DD', typicalW: 12, rangeW: [10, 12], source: QDD_FR4 },
  { standard: '400GBASE-FR8', formFactor: 'QSFP-DD', typicalW: 12, rangeW: [10, 12], source: QDD_FR4 },
  { standard: '400ZR', formFactor: 'QSFP-DD', typicalW: 20, rangeW: [17, 20], source: QDD_ZR },
  { standard: 'OpenZR+', formFactor: 'QSFP-DD', typicalW: 22, rangeW: [19, 22.5], source: QDD_ZRP },
  { standard: 'OpenZR+', formFactor: 'CFP2', typicalW: 24, rangeW: [20, 25], source: 'Estimate from vendor datasheets of CFP2-DCO modules: 20-24 W' },
  { standard: '400GBASE-DR4', formFactor: 'OSFP', typicalW: 10, rangeW: [8, 12], source: QDD_400G },
  { standard: '400GBASE-FR4', formFactor: 'OSFP', typicalW: 11, rangeW: [9, 12], source: QDD_FR4 },
  { standard: '400GBASE-SR8', formFactor: 'OSFP', typicalW: 10, rangeW: [8, 10], source: QDD_400G },
  { standard: '400GBASE-SR4', formFactor: 'QSFP112', typicalW: 8, rangeW: [7, 8], source: QSFP112_SR4 },
  { standard: '400GBASE-DR4', formFactor: 'QSFP112', typicalW: 9, rangeW: [7.5, 9], source: QSFP112_SR4 },
  { standard: '400GBASE-FR4', formFactor: 'QSFP112', typicalW: 10, rangeW: [8.5, 10], source: QSFP112_SR4 },
  { standard: '800GBASE-SR8', formFactor: 'QSFP-DD800', typicalW: 14, rangeW: [12, 14], source: ESTIMATE_800G },
  { standard: '800GBASE-DR8', formFactor: 'QSFP-DD800', typicalW: 16, rangeW: [14, 16.5], source: ESTIMATE_800G },
  { standard: '800G-2xFR4', formFactor: 'QSFP-DD800', typicalW: 17, rangeW: [15, 17], source: ESTIMATE_800G },
  { standard: '800GBASE-SR8', formFactor: 'OSFP', typicalW: 14, rangeW: [12, 14], source: ESTIMATE_800G },
  { standard: '800GBASE-DR8', formFactor: 'OSFP', typicalW: 16, rangeW: [14, 16.5], source: ESTIMATE_800G },
  { standard: '800G-2xFR4', formFactor: 'OSFP', typicalW: 17, rangeW: [15, 17], source: ESTIMATE_800G },
  {
    standard: '1.6TBASE-DR8',
    formFactor: 'OSFP224',
    typicalW: 25,
    rangeW: [23, 27],
    source: 'Estimate from vendor datasheets of 1.6T OSFP224 DR8 optics: 23-27 W',
  },
];

/** The power class of a standard in a form factor, if it is one of the classes above. */
export function modulePowerClass(standard: string, formFactor: string): ModulePowerClass | undefined {
  return MODULE_POWER_CLASSES.find((c) => c.standard === standard && c.formFactor === formFactor);
}
