import type { Coding } from './vendors.facts.js';

/**
 * The operator's product lines: which standard in which form factor, and with which platform codings.
 * Optical facts (wavelengths, lanes, modulation, medium) come from the standard; what is product-specific is
 * listed here: marketed reach, connector, typical power draw (datasheet class values) and a street-price anchor
 * in USD for the MSA-generic version (demo pricing, see README).
 */
export type WdmType = 'none' | 'CWDM' | 'LWDM' | 'DWDM' | 'SWDM' | 'BiDi' | 'PSM' | 'coherent';

export interface ProductLine {
  standard: string;
  formFactor: string;
  /** Part-number code of the optic type, e.g. 'SR', 'LR4', 'CU3M'. */
  code: string;
  wdm: WdmType;
  /** null where no single distance applies (OpenZR+: depends on the line system). */
  reachM: number | null;
  reachLabel: string;
  connector: string;
  powerW: number;
  usd: number;
  codings: readonly Coding[];
  /** Codings also offered as an industrial-temperature (-40..85 C) variant. */
  industrial?: readonly Coding[];
  /** Transmit wavelength first, for the two ends of a BiDi pair. */
  wavelengths?: number[];
  /** Passive copper cables carry no digital diagnostics. */
  dom?: boolean;
  /** Words for the product name where the standard name alone does not say it (e.g. 'BiDi upstream end'). */
  nameNote?: string;
}

const ALL: Coding[] = ['Cisco', 'Juniper', 'Arista', 'HPE Aruba', 'Dell', 'Nokia', 'Huawei', 'NVIDIA', 'Extreme', 'MSA generic'];
const CAMPUS: Coding[] = ['Cisco', 'Juniper', 'Arista', 'HPE Aruba', 'Dell', 'Huawei', 'Extreme', 'MSA generic'];
const DC: Coding[] = ['Cisco', 'Juniper', 'Arista', 'Dell', 'NVIDIA', 'HPE Aruba', 'Nokia', 'MSA generic'];
const HIGH: Coding[] = ['Cisco', 'Juniper', 'Arista', 'NVIDIA', 'Nokia', 'MSA generic'];
const AI: Coding[] = ['NVIDIA', 'Arista', 'Cisco', 'MSA generic'];
const CARRIER: Coding[] = ['Cisco', 'Juniper', 'Nokia', 'Huawei', 'MSA generic'];
const LEGACY: Coding[] = ['Cisco', 'Juniper', 'Huawei', 'MSA generic'];
const PON: Coding[] = ['Nokia', 'Huawei', 'MSA generic'];
const IND: Coding[] = ['Cisco', 'Nokia', 'MSA generic'];

const dac = (standard: string, formFactor: string, metres: number, usd: number, powerW: number, codings: readonly Coding[]): ProductLine => ({
  standard, formFactor, code: `CU${metres}M`, wdm: 'none', reachM: metres, reachLabel: `${metres} m`, connector: 'direct-attach',
  powerW, usd, codings, dom: false, nameNote: `passive direct-attach copper cable, ${metres} m`,
});

export const PRODUCT_LINES: ProductLine[] = [
  // 1G SFP
  { standard: '1000BASE-SX', formFactor: 'SFP', code: 'SX', wdm: 'none', reachM: 550, reachLabel: '550 m', connector: 'LC', powerW: 0.8, usd: 9, codings: CAMPUS, industrial: IND },
  { standard: '1000BASE-LX', formFactor: 'SFP', code: 'LX', wdm: 'none', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 0.9, usd: 11, codings: CAMPUS, industrial: IND },
  { standard: '1000BASE-ZX', formFactor: 'SFP', code: 'ZX', wdm: 'none', reachM: 70000, reachLabel: '70 km', connector: 'LC', powerW: 1.2, usd: 28, codings: CARRIER },
  { standard: '1000BASE-T', formFactor: 'SFP', code: 'T', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'RJ45', powerW: 1.05, usd: 17, codings: CAMPUS, industrial: IND, dom: false },
  { standard: '1000BASE-BX10', formFactor: 'SFP', code: 'BX10U', wdm: 'BiDi', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 0.9, usd: 13, codings: CARRIER, wavelengths: [1310, 1490], nameNote: 'BiDi upstream end (Tx 1310 nm / Rx 1490 nm)' },
  { standard: '1000BASE-BX10', formFactor: 'SFP', code: 'BX10D', wdm: 'BiDi', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 0.9, usd: 13, codings: CARRIER, wavelengths: [1490, 1310], nameNote: 'BiDi downstream end (Tx 1490 nm / Rx 1310 nm)' },
  // 10G SFP+ and XFP
  { standard: '10GBASE-SR', formFactor: 'SFP+', code: 'SR', wdm: 'none', reachM: 300, reachLabel: '300 m', connector: 'LC', powerW: 1.0, usd: 19, codings: ALL, industrial: IND },
  { standard: '10GBASE-LR', formFactor: 'SFP+', code: 'LR', wdm: 'none', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 1.2, usd: 27, codings: ALL, industrial: IND },
  { standard: '10GBASE-ER', formFactor: 'SFP+', code: 'ER', wdm: 'none', reachM: 40000, reachLabel: '40 km', connector: 'LC', powerW: 1.5, usd: 79, codings: CARRIER },
  { standard: '10GBASE-ZR', formFactor: 'SFP+', code: 'ZR', wdm: 'none', reachM: 80000, reachLabel: '80 km', connector: 'LC', powerW: 1.5, usd: 149, codings: CARRIER },
  { standard: '10GBASE-LRM', formFactor: 'SFP+', code: 'LRM', wdm: 'none', reachM: 220, reachLabel: '220 m', connector: 'LC', powerW: 1.0, usd: 45, codings: LEGACY },
  { standard: '10GBASE-T', formFactor: 'SFP+', code: 'T', wdm: 'none', reachM: 30, reachLabel: '30 m', connector: 'RJ45', powerW: 2.5, usd: 49, codings: CAMPUS },
  dac('10GSFP+Cu', 'SFP+', 1, 12, 0.1, ALL),
  dac('10GSFP+Cu', 'SFP+', 3, 16, 0.1, ALL),
  dac('10GSFP+Cu', 'SFP+', 5, 22, 0.1, CAMPUS),
  { standard: '10GBASE-BR10', formFactor: 'SFP+', code: 'BR10U', wdm: 'BiDi', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 1.2, usd: 39, codings: CARRIER, wavelengths: [1270, 1330], nameNote: 'BiDi upstream end (Tx 1270 nm / Rx 1330 nm)' },
  { standard: '10GBASE-BR10', formFactor: 'SFP+', code: 'BR10D', wdm: 'BiDi', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 1.2, usd: 39, codings: CARRIER, wavelengths: [1330, 1270], nameNote: 'BiDi downstream end (Tx 1330 nm / Rx 1270 nm)' },
  { standard: '10GBASE-SR', formFactor: 'XFP', code: 'SR', wdm: 'none', reachM: 300, reachLabel: '300 m', connector: 'LC', powerW: 1.5, usd: 45, codings: LEGACY },
  { standard: '10GBASE-LR', formFactor: 'XFP', code: 'LR', wdm: 'none', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 2.5, usd: 55, codings: LEGACY },
  { standard: '10GBASE-ER', formFactor: 'XFP', code: 'ER', wdm: 'none', reachM: 40000, reachLabel: '40 km', connector: 'LC', powerW: 3.5, usd: 125, codings: LEGACY },
  // 25G SFP28, 50G SFP56, 100G SFP112
  { standard: '25GBASE-SR', formFactor: 'SFP28', code: 'SR', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'LC', powerW: 1.0, usd: 35, codings: ALL, industrial: IND },
  { standard: '25GBASE-LR', formFactor: 'SFP28', code: 'LR', wdm: 'none', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 1.2, usd: 69, codings: ALL },
  { standard: '25GBASE-ER', formFactor: 'SFP28', code: 'ER', wdm: 'none', reachM: 40000, reachLabel: '40 km', connector: 'LC', powerW: 1.8, usd: 299, codings: CARRIER },
  dac('25GBASE-CR', 'SFP28', 1, 24, 0.1, DC),
  dac('25GBASE-CR', 'SFP28', 3, 34, 0.1, DC),
  { standard: '50GBASE-SR', formFactor: 'SFP56', code: 'SR', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'LC', powerW: 1.5, usd: 65, codings: HIGH },
  { standard: '50GBASE-FR', formFactor: 'SFP56', code: 'FR', wdm: 'none', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 1.8, usd: 159, codings: HIGH },
  { standard: '50GBASE-LR', formFactor: 'SFP56', code: 'LR', wdm: 'none', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 2.0, usd: 229, codings: CARRIER },
  { standard: '100GBASE-DR', formFactor: 'SFP112', code: 'DR', wdm: 'none', reachM: 500, reachLabel: '500 m', connector: 'LC', powerW: 2.8, usd: 289, codings: AI },
  // 40G QSFP+
  { standard: '40GBASE-SR4', formFactor: 'QSFP+', code: 'SR4', wdm: 'none', reachM: 150, reachLabel: '150 m', connector: 'MPO-12', powerW: 1.5, usd: 39, codings: ALL },
  { standard: '40GBASE-LR4', formFactor: 'QSFP+', code: 'LR4', wdm: 'CWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 3.5, usd: 139, codings: ALL },
  { standard: '40GBASE-ER4', formFactor: 'QSFP+', code: 'ER4', wdm: 'CWDM', reachM: 40000, reachLabel: '40 km', connector: 'LC', powerW: 3.5, usd: 499, codings: CARRIER },
  dac('40GBASE-CR4', 'QSFP+', 1, 29, 0.1, DC),
  dac('40GBASE-CR4', 'QSFP+', 3, 39, 0.1, DC),
  // 100G QSFP28
  { standard: '100GBASE-SR4', formFactor: 'QSFP28', code: 'SR4', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-12', powerW: 2.5, usd: 79, codings: ALL, industrial: IND },
  { standard: '100GBASE-LR4', formFactor: 'QSFP28', code: 'LR4', wdm: 'LWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 3.5, usd: 329, codings: ALL },
  { standard: '100GBASE-ER4', formFactor: 'QSFP28', code: 'ER4', wdm: 'LWDM', reachM: 40000, reachLabel: '40 km', connector: 'LC', powerW: 4.5, usd: 1090, codings: CARRIER },
  { standard: '100G-CWDM4', formFactor: 'QSFP28', code: 'CWDM4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 3.5, usd: 169, codings: ALL },
  { standard: '100G-PSM4', formFactor: 'QSFP28', code: 'PSM4', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-12', powerW: 2.5, usd: 149, codings: DC },
  { standard: '100G-SWDM4', formFactor: 'QSFP28', code: 'SWDM4', wdm: 'SWDM', reachM: 100, reachLabel: '100 m', connector: 'LC', powerW: 3.5, usd: 249, codings: ['Cisco', 'Juniper', 'Arista', 'Dell', 'MSA generic'] },
  { standard: '100GBASE-DR', formFactor: 'QSFP28', code: 'DR', wdm: 'none', reachM: 500, reachLabel: '500 m', connector: 'LC', powerW: 3.5, usd: 239, codings: DC },
  { standard: '100GBASE-FR1', formFactor: 'QSFP28', code: 'FR1', wdm: 'none', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 3.5, usd: 269, codings: DC },
  { standard: '100GBASE-LR1', formFactor: 'QSFP28', code: 'LR1', wdm: 'none', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 4.0, usd: 419, codings: CARRIER },
  dac('100GBASE-CR4', 'QSFP28', 1, 49, 0.1, ALL),
  dac('100GBASE-CR4', 'QSFP28', 3, 69, 0.1, ALL),
  // 100G legacy CFP family and CXP
  { standard: '100GBASE-LR4', formFactor: 'CFP', code: 'LR4', wdm: 'LWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 20, usd: 1490, codings: LEGACY },
  { standard: '100GBASE-SR10', formFactor: 'CFP', code: 'SR10', wdm: 'none', reachM: 150, reachLabel: '150 m', connector: 'MPO-24', powerW: 12, usd: 590, codings: LEGACY },
  { standard: '100GBASE-LR4', formFactor: 'CFP2', code: 'LR4', wdm: 'LWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 9, usd: 890, codings: LEGACY },
  { standard: '100GBASE-LR4', formFactor: 'CFP4', code: 'LR4', wdm: 'LWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 6, usd: 690, codings: LEGACY },
  { standard: '100GBASE-SR10', formFactor: 'CXP', code: 'SR10', wdm: 'none', reachM: 150, reachLabel: '150 m', connector: 'MPO-24', powerW: 3.5, usd: 390, codings: ['Cisco', 'Juniper', 'MSA generic'] },
  // 200G QSFP56
  { standard: '200GBASE-SR4', formFactor: 'QSFP56', code: 'SR4', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-12', powerW: 5.0, usd: 259, codings: HIGH },
  { standard: '200GBASE-DR4', formFactor: 'QSFP56', code: 'DR4', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-12', powerW: 6.0, usd: 449, codings: HIGH },
  { standard: '200GBASE-FR4', formFactor: 'QSFP56', code: 'FR4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 6.5, usd: 549, codings: HIGH },
  { standard: '200GBASE-LR4', formFactor: 'QSFP56', code: 'LR4', wdm: 'LWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 7.0, usd: 890, codings: CARRIER },
  { standard: '200GBASE-ER4', formFactor: 'QSFP56', code: 'ER4', wdm: 'LWDM', reachM: 40000, reachLabel: '40 km', connector: 'LC', powerW: 8.0, usd: 2490, codings: CARRIER },
  dac('200GBASE-CR4', 'QSFP56', 1, 89, 0.1, HIGH),
  dac('200GBASE-CR4', 'QSFP56', 3, 129, 0.1, HIGH),
  // 400G QSFP-DD, OSFP, QSFP112 and coherent
  { standard: '400GBASE-SR8', formFactor: 'QSFP-DD', code: 'SR8', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-16', powerW: 10, usd: 499, codings: HIGH },
  { standard: '400GBASE-SR4.2', formFactor: 'QSFP-DD', code: 'SR42', wdm: 'BiDi', reachM: 100, reachLabel: '100 m', connector: 'MPO-12', powerW: 10, usd: 690, codings: ['Cisco', 'Arista', 'MSA generic'] },
  { standard: '400GBASE-DR4', formFactor: 'QSFP-DD', code: 'DR4', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-12', powerW: 10, usd: 649, codings: HIGH },
  { standard: '400GBASE-FR4', formFactor: 'QSFP-DD', code: 'FR4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 11, usd: 799, codings: HIGH },
  { standard: '400GBASE-LR4-6', formFactor: 'QSFP-DD', code: 'LR46', wdm: 'CWDM', reachM: 6000, reachLabel: '6 km', connector: 'LC', powerW: 12, usd: 1190, codings: CARRIER },
  { standard: '400G-LR4-10', formFactor: 'QSFP-DD', code: 'LR410', wdm: 'CWDM', reachM: 10000, reachLabel: '10 km', connector: 'LC', powerW: 12, usd: 1490, codings: CARRIER },
  { standard: '400GBASE-FR8', formFactor: 'QSFP-DD', code: 'FR8', wdm: 'LWDM', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 12, usd: 990, codings: ['Cisco', 'Juniper', 'MSA generic'] },
  { standard: '400ZR', formFactor: 'QSFP-DD', code: 'ZR', wdm: 'coherent', reachM: 120000, reachLabel: '120 km', connector: 'LC', powerW: 20, usd: 4490, codings: CARRIER },
  { standard: 'OpenZR+', formFactor: 'QSFP-DD', code: 'ZRP', wdm: 'coherent', reachM: null, reachLabel: 'amplified DWDM, line-system dependent', connector: 'LC', powerW: 22, usd: 6490, codings: CARRIER },
  { standard: 'OpenZR+', formFactor: 'CFP2', code: 'ZRP', wdm: 'coherent', reachM: null, reachLabel: 'amplified DWDM, line-system dependent', connector: 'LC', powerW: 24, usd: 6990, codings: ['Cisco', 'Juniper', 'Nokia', 'MSA generic'] },
  { standard: '400GBASE-DR4', formFactor: 'OSFP', code: 'DR4', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-12', powerW: 10, usd: 679, codings: AI },
  { standard: '400GBASE-FR4', formFactor: 'OSFP', code: 'FR4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 11, usd: 829, codings: AI },
  { standard: '400GBASE-SR8', formFactor: 'OSFP', code: 'SR8', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-16', powerW: 10, usd: 529, codings: AI },
  { standard: '400GBASE-SR4', formFactor: 'QSFP112', code: 'SR4', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-12', powerW: 8, usd: 549, codings: AI },
  { standard: '400GBASE-DR4', formFactor: 'QSFP112', code: 'DR4', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-12', powerW: 9, usd: 699, codings: AI },
  { standard: '400GBASE-FR4', formFactor: 'QSFP112', code: 'FR4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'LC', powerW: 10, usd: 849, codings: AI },
  dac('400GBASE-CR4', 'QSFP112', 1, 149, 0.1, AI),
  dac('400GBASE-CR4', 'QSFP112', 2, 189, 0.1, AI),
  // 800G QSFP-DD800 and OSFP
  { standard: '800GBASE-SR8', formFactor: 'QSFP-DD800', code: 'SR8', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-16', powerW: 14, usd: 1090, codings: HIGH },
  { standard: '800GBASE-DR8', formFactor: 'QSFP-DD800', code: 'DR8', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-16', powerW: 16, usd: 1390, codings: HIGH },
  { standard: '800G-2xFR4', formFactor: 'QSFP-DD800', code: '2FR4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'dual CS', powerW: 17, usd: 1590, codings: HIGH },
  dac('800GBASE-CR8', 'QSFP-DD800', 1, 299, 0.2, HIGH),
  { standard: '800GBASE-SR8', formFactor: 'OSFP', code: 'SR8', wdm: 'none', reachM: 100, reachLabel: '100 m', connector: 'MPO-16', powerW: 14, usd: 1050, codings: AI },
  { standard: '800GBASE-DR8', formFactor: 'OSFP', code: 'DR8', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-16', powerW: 16, usd: 1350, codings: AI },
  { standard: '800G-2xFR4', formFactor: 'OSFP', code: '2FR4', wdm: 'CWDM', reachM: 2000, reachLabel: '2 km', connector: 'dual duplex LC', powerW: 17, usd: 1550, codings: AI },
  dac('800GBASE-CR8', 'OSFP', 1, 289, 0.2, AI),
  dac('800GBASE-CR8', 'OSFP', 2, 359, 0.2, AI),
  // 1.6T
  { standard: '1.6TBASE-DR8', formFactor: 'OSFP224', code: 'DR8', wdm: 'PSM', reachM: 500, reachLabel: '500 m', connector: 'MPO-16', powerW: 25, usd: 3490, codings: ['NVIDIA', 'Arista', 'MSA generic'] },
  // PON
  { standard: 'GPON', formFactor: 'SFP', code: 'GPON-OLT-BP', wdm: 'BiDi', reachM: 20000, reachLabel: '20 km', connector: 'SC', powerW: 1.3, usd: 35, codings: PON, industrial: PON, nameNote: 'OLT, class B+' },
  { standard: 'GPON', formFactor: 'SFP', code: 'GPON-OLT-CP', wdm: 'BiDi', reachM: 20000, reachLabel: '20 km', connector: 'SC', powerW: 1.5, usd: 59, codings: PON, nameNote: 'OLT, class C+' },
  { standard: 'XG-PON1', formFactor: 'XFP', code: 'XGPON-OLT-N1', wdm: 'BiDi', reachM: 20000, reachLabel: '20 km', connector: 'SC', powerW: 3.5, usd: 290, codings: PON, nameNote: 'OLT, class N1' },
  { standard: 'XGS-PON', formFactor: 'SFP+', code: 'XGSPON-OLT-N1', wdm: 'BiDi', reachM: 20000, reachLabel: '20 km', connector: 'SC', powerW: 2.5, usd: 349, codings: PON, industrial: PON, nameNote: 'OLT, class N1' },
];
