import type { StandardFact } from './fact.types.js';

/** Tunable C-band range of 400ZR/OpenZR+ modules (196.1 to 191.3 THz), nm. */
export const C_BAND_NM = [1528.77, 1567.13];

export const STANDARDS_PON_COHERENT: StandardFact[] = [
  {
    name: '400ZR', category: 'coherent', speedGbps: 400, lanes: 1, modulation: 'coherent (DP-16QAM)', medium: 'single-mode',
    reachM: 120000, reachLabel: '120 km (amplified DWDM) / 40 km (unamplified)', wavelengths: C_BAND_NM, fiberCount: 2, connector: 'LC',
    body: 'OIF 400ZR Implementation Agreement (OIF-400ZR-01.0)', year: 2020,
    en: '400G over one tunable DWDM wavelength with coherent DP-16QAM, for data-centre interconnect up to 120 km on an amplified line, in a QSFP-DD or OSFP router port.',
    de: '400G über eine abstimmbare DWDM-Wellenlänge mit kohärentem DP-16QAM, für die Kopplung von Rechenzentren bis 120 km über eine verstärkte Strecke, direkt im QSFP-DD- oder OSFP-Port des Routers.',
  },
  {
    name: 'OpenZR+', category: 'coherent', speedGbps: 400, lanes: 1, modulation: 'coherent (DP-16QAM at 400G; DP-QPSK/8QAM at 100-300G)', medium: 'single-mode',
    reachM: null, reachLabel: 'amplified metro/regional; distance depends on rate and line system', wavelengths: C_BAND_NM, fiberCount: 2, connector: 'LC',
    body: 'OpenZR+ MSA', year: 2020,
    en: 'An extension of 400ZR with stronger forward error correction and 100G to 400G modes, for longer amplified metro and regional DWDM links.',
    de: 'Eine Erweiterung von 400ZR mit stärkerer Fehlerkorrektur und Betriebsarten von 100G bis 400G, für längere verstärkte DWDM-Strecken in Metro- und Regionalnetzen.',
  },
  {
    name: 'GPON', category: 'pon', speedGbps: 2.488, lanes: 1, modulation: 'NRZ', medium: 'single-mode',
    reachM: 20000, reachLabel: '20 km', wavelengths: [1490, 1310], fiberCount: 1, connector: 'SC',
    body: 'ITU-T G.984', year: 2003,
    en: 'Gigabit-capable passive optical network: 2.488 Gb/s down at 1490 nm and 1.244 Gb/s up at 1310 nm, shared by up to 64 or more homes on one fibre through passive splitters.',
    de: 'Gigabitfähiges passives optisches Netz: 2,488 Gbit/s abwärts bei 1490 nm und 1,244 Gbit/s aufwärts bei 1310 nm, über passive Splitter auf einer Faser von 64 und mehr Haushalten geteilt.',
  },
  {
    name: 'XG-PON1', category: 'pon', speedGbps: 9.953, lanes: 1, modulation: 'NRZ', medium: 'single-mode',
    reachM: 20000, reachLabel: '20 km', wavelengths: [1577, 1270], fiberCount: 1, connector: 'SC',
    body: 'ITU-T G.987', year: 2010,
    en: '10G passive optical network with 9.953 Gb/s down at 1577 nm and 2.488 Gb/s up at 1270 nm; coexists with GPON on the same fibre.',
    de: '10G-PON mit 9,953 Gbit/s abwärts bei 1577 nm und 2,488 Gbit/s aufwärts bei 1270 nm; läuft zusammen mit GPON auf derselben Faser.',
  },
  {
    name: 'XGS-PON', category: 'pon', speedGbps: 9.953, lanes: 1, modulation: 'NRZ', medium: 'single-mode',
    reachM: 20000, reachLabel: '20 km', wavelengths: [1577, 1270], fiberCount: 1, connector: 'SC',
    body: 'ITU-T G.9807.1', year: 2016,
    en: 'Symmetric 10G passive optical network: 9.953 Gb/s in both directions on the XG-PON wavelengths (1577 nm down, 1270 nm up).',
    de: 'Symmetrisches 10G-PON: 9,953 Gbit/s in beide Richtungen auf den XG-PON-Wellenlängen (1577 nm abwärts, 1270 nm aufwärts).',
  },
  {
    name: 'NG-PON2', category: 'pon', speedGbps: 40, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 40000, reachLabel: '40 km', wavelengths: [1524, 1544, 1596, 1603], fiberCount: 1, connector: 'SC',
    body: 'ITU-T G.989', year: 2015,
    en: 'Time- and wavelength-division PON with four 10G wavelength pairs (downstream band 1596-1603 nm, upstream 1524-1544 nm), 40G in total.',
    de: 'Zeit- und Wellenlängenmultiplex-PON mit vier 10G-Wellenlängenpaaren (abwärts 1596-1603 nm, aufwärts 1524-1544 nm), zusammen 40G.',
  },
  {
    name: '25G-PON', category: 'pon', speedGbps: 25, lanes: 1, modulation: 'NRZ', medium: 'single-mode',
    reachM: 20000, reachLabel: '20 km', wavelengths: [1358, 1270], fiberCount: 1, connector: 'SC',
    body: '25GS-PON MSA (not ITU-T)', year: 2021,
    en: '25G passive optical network from an industry MSA: 1358 nm down and 1270 nm up, designed to coexist with GPON and XGS-PON.',
    de: '25G-PON aus einem Industrie-MSA: 1358 nm abwärts und 1270 nm aufwärts, ausgelegt für den Parallelbetrieb mit GPON und XGS-PON.',
  },
];
