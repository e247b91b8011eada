/**
 * The highest module power each form factor allows, in watts: the top power class of its MSA where the MSA fixes one
 * (`kind: 'published'`), else a bound of this data set (`kind: 'estimate'`) set at the draw of the highest-power
 * modules that ship in that form factor (coherent DCO and high-power PON optics declare module-specific classes).
 * The data-set tests check every generated power value against it.
 */
export interface PowerClassFact {
  formFactor: string;
  maxW: number;
  kind: 'published' | 'estimate';
  source: string;
}

const sff8419 = 'SFF-8419 (SFP+ power and low-speed interface), Power Level III: up to 2.0 W';
const sff8636 = 'SFF-8636 (QSFP management interface), Power Class 7: up to 5.0 W';

export const POWER_CLASSES: PowerClassFact[] = [
  { formFactor: 'SFP', maxW: 2.0, kind: 'published', source: sff8419 },
  {
    formFactor: 'SFP+',
    maxW: 2.5,
    kind: 'estimate',
    source: 'Estimate: above SFF-8419 Power Level III for high-power SFP+ (XGS-PON OLT, tunable DWDM) declared under SFF-8472',
  },
  { formFactor: 'SFP28', maxW: 2.0, kind: 'published', source: sff8419 },
  { formFactor: 'SFP56', maxW: 2.0, kind: 'published', source: sff8419 },
  { formFactor: 'SFP112', maxW: 3.0, kind: 'estimate', source: 'Estimate: draw of 100G single-lane SFP112 optics (SFP-DD/SFP112 MSA high-power classes)' },
  { formFactor: 'XFP', maxW: 3.5, kind: 'published', source: 'INF-8077i (XFP), Power Level 3: up to 3.5 W' },
  { formFactor: 'QSFP+', maxW: 5.0, kind: 'published', source: sff8636 },
  { formFactor: 'QSFP28', maxW: 5.0, kind: 'published', source: sff8636 },
  {
    formFactor: 'QSFP56',
    maxW: 10,
    kind: 'estimate',
    source: 'Estimate: SFF-8636 Power Class 8 (above 5 W, declared by the module); 200G FR4/LR4 optics draw up to about 8 W',
  },
  { formFactor: 'QSFP112', maxW: 12, kind: 'estimate', source: 'Estimate: CMIS high power classes; 400G DR4/FR4 QSFP112 optics draw about 9-10 W' },
  {
    formFactor: 'QSFP-DD',
    maxW: 25,
    kind: 'estimate',
    source: 'Estimate: QSFP-DD MSA Power Class 8 (above 14 W, declared by the module); 400ZR/ZR+ DCO modules draw up to about 22 W',
  },
  { formFactor: 'QSFP-DD800', maxW: 25, kind: 'estimate', source: 'Estimate: QSFP-DD MSA Power Class 8 (above 14 W, declared by the module)' },
  { formFactor: 'OSFP', maxW: 30, kind: 'estimate', source: 'Estimate: OSFP MSA high-power modules (800G optics about 14-18 W)' },
  { formFactor: 'OSFP224', maxW: 30, kind: 'estimate', source: 'Estimate: OSFP MSA high-power modules (1.6T optics about 23-27 W)' },
  { formFactor: 'OSFP-XD', maxW: 40, kind: 'estimate', source: 'Estimate: no products in the data set' },
  { formFactor: 'CFP', maxW: 32, kind: 'published', source: 'CFP MSA hardware specification, Power Class 4: up to 32 W' },
  { formFactor: 'CFP2', maxW: 25, kind: 'estimate', source: 'Estimate: above the CFP2 MSA power classes for coherent CFP2-DCO modules (about 20-24 W)' },
  { formFactor: 'CFP4', maxW: 6, kind: 'estimate', source: 'Estimate: draw of 100G CFP4 LR4/ER4 modules' },
  { formFactor: 'CFP8', maxW: 24, kind: 'estimate', source: 'Estimate: draw of 400G CFP8 modules' },
  { formFactor: 'CXP', maxW: 6, kind: 'estimate', source: 'Estimate: draw of 100G/120G CXP active optics' },
];
