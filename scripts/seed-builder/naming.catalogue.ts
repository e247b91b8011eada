import type { StandardFact } from './fact.types.js';
import type { ProductLine } from './product-lines.catalogue.js';
import type { Coding } from './vendors.facts.js';

/** Part-number codes of the form factors (no brand anywhere, so renaming the operator never touches them). */
export const FF_CODE: Record<string, string> = {
  SFP: 'SFP',
  'SFP+': 'SFPP',
  SFP28: 'SFP28',
  SFP56: 'SFP56',
  SFP112: 'SFP112',
  XFP: 'XFP',
  'QSFP+': 'QSFPP',
  QSFP28: 'Q28',
  QSFP56: 'Q56',
  QSFP112: 'Q112',
  'QSFP-DD': 'QDD',
  'QSFP-DD800': 'QDD800',
  OSFP: 'OSFP',
  OSFP224: 'OSFP224',
  'OSFP-XD': 'OSFPXD',
  CFP: 'CFP',
  CFP2: 'CFP2',
  CFP4: 'CFP4',
  CFP8: 'CFP8',
  CXP: 'CXP',
};

export const CODING_SHORT: Record<Coding, string> = {
  Cisco: 'C',
  Juniper: 'J',
  Arista: 'A',
  'HPE Aruba': 'H',
  Dell: 'D',
  Nokia: 'N',
  Huawei: 'HW',
  NVIDIA: 'NV',
  Extreme: 'E',
  'MSA generic': 'G',
};

export function speedCode(speedGbps: number): string {
  if (speedGbps >= 1000) return `${String(speedGbps / 1000).replace('.', 'T')}`;
  if (speedGbps === 2.488) return '2G5';
  if (speedGbps === 9.953) return '10G';
  return `${speedGbps}G`;
}

export function speedLabel(speedGbps: number): string {
  if (speedGbps >= 1000) return `${speedGbps / 1000}T`;
  if (speedGbps === 2.488) return '2.5G';
  if (speedGbps === 9.953) return '10G';
  return `${speedGbps}G`;
}

const MEDIUM_TEXT: Record<string, string> = { multimode: 'MMF', 'single-mode': 'SMF', copper: '' };

function wavelengthText(wavelengths: number[], wdm: string): string {
  if (wavelengths.length === 0) return '';
  if (wdm === 'coherent') return 'tunable C-band';
  if (wavelengths.length === 1) return `${wavelengths[0]}nm`;
  if (wdm === 'CWDM' && wavelengths.length === 4) return 'CWDM 1271-1331nm';
  if (wdm === 'LWDM') return `LAN-WDM ${Math.floor(wavelengths[0]!)}-${Math.floor(wavelengths[wavelengths.length - 1]!)}nm`;
  return wavelengths.map((nm) => `${nm}`).join('/') + 'nm';
}

/** A shop-style product name: form factor, standard, wavelengths, reach, medium, connector. */
export function productName(line: ProductLine, standard: StandardFact, wavelengths: number[]): string {
  if (line.connector === 'direct-attach') {
    // A cable whose length is not known is named without one (the note states the length).
    const note = line.reachM === null ? 'passive direct-attach copper cable' : (line.nameNote ?? 'direct-attach cable');
    return `${line.formFactor} ${speedLabel(standard.speedGbps)} ${note}`;
  }
  const parts = [
    line.formFactor,
    standard.name,
    line.nameNote,
    line.nameNote?.includes('Tx') ? '' : wavelengthText(wavelengths, line.wdm),
    line.reachM ? line.reachLabel.replace(' ', '') : '',
    MEDIUM_TEXT[standard.medium],
    line.connector,
  ];
  return parts.filter((part) => part).join(' ');
}

export function codingPhrase(coding: Coding): string {
  return coding === 'MSA generic' ? 'MSA compliant' : `${coding} compatible`;
}
