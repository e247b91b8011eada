import type { StandardFact } from './fact.types.js';
import { CWDM4_NM } from './standards-1g-50g.facts.js';
import { LAN_WDM4_NM } from './standards-40g-100g.facts.js';

/** LAN-WDM eight-lane grid of 400GBASE-FR8/LR8, nm. */
export const LAN_WDM8_NM = [1273.54, 1277.89, 1282.26, 1286.66, 1295.56, 1300.05, 1304.58, 1309.14];

export const STANDARDS_200G_PLUS: StandardFact[] = [
  {
    name: '200GBASE-SR4', category: 'ethernet', speedGbps: 200, lanes: 4, modulation: 'PAM4', medium: 'multimode',
    reachM: 100, reachLabel: '70 m (OM3) / 100 m (OM4)', wavelengths: [850], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 138 (802.3cd)', year: 2018,
    en: '200 Gigabit Ethernet as four 50G PAM4 lanes on eight multimode fibres: 70 m on OM3, 100 m on OM4.',
    de: '200-Gigabit-Ethernet als vier 50G-PAM4-Kanäle auf acht Multimode-Fasern: 70 m auf OM3, 100 m auf OM4.',
  },
  {
    name: '200GBASE-DR4', category: 'ethernet', speedGbps: 200, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 500, reachLabel: '500 m', wavelengths: [1311], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 121 (802.3bs)', year: 2017,
    en: '200 Gigabit Ethernet as four parallel 1311 nm PAM4 lanes on eight single-mode fibres for 500 m.',
    de: '200-Gigabit-Ethernet als vier parallele PAM4-Kanäle bei 1311 nm auf acht Singlemode-Fasern für 500 m.',
  },
  {
    name: '200GBASE-FR4', category: 'ethernet', speedGbps: 200, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 2000, reachLabel: '2 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 122 (802.3bs)', year: 2017,
    en: '200 Gigabit Ethernet over four CWDM wavelengths (1271, 1291, 1311, 1331 nm) on one duplex single-mode pair for 2 km.',
    de: '200-Gigabit-Ethernet über vier CWDM-Wellenlängen (1271, 1291, 1311, 1331 nm) auf einem Singlemode-Faserpaar für 2 km.',
  },
  {
    name: '200GBASE-LR4', category: 'ethernet', speedGbps: 200, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 10000, reachLabel: '10 km', wavelengths: LAN_WDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 122 (802.3bs)', year: 2017,
    en: '200 Gigabit Ethernet over four LAN-WDM wavelengths on one duplex single-mode pair for 10 km.',
    de: '200-Gigabit-Ethernet über vier LAN-WDM-Wellenlängen auf einem Singlemode-Faserpaar für 10 km.',
  },
  {
    name: '200GBASE-ER4', category: 'ethernet', speedGbps: 200, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 40000, reachLabel: '40 km', wavelengths: LAN_WDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 122 (802.3cn)', year: 2019,
    en: '200 Gigabit Ethernet on the LAN-WDM grid for 40 km of single-mode fibre.',
    de: '200-Gigabit-Ethernet auf dem LAN-WDM-Raster für 40 km Singlemode-Faser.',
  },
  {
    name: '200GBASE-CR4', category: 'ethernet', speedGbps: 200, lanes: 4, modulation: 'PAM4', medium: 'copper',
    reachM: 3, reachLabel: '3 m', wavelengths: [], fiberCount: null, connector: 'direct-attach',
    body: 'IEEE 802.3 Clause 136 (802.3cd)', year: 2018,
    en: '200 Gigabit Ethernet over a four-lane PAM4 twinax direct-attach cable up to 3 m.',
    de: '200-Gigabit-Ethernet über ein vierkanaliges PAM4-Twinax-Direktanschlusskabel bis 3 m.',
  },
  {
    name: '400GBASE-SR8', category: 'ethernet', speedGbps: 400, lanes: 8, modulation: 'PAM4', medium: 'multimode',
    reachM: 100, reachLabel: '70 m (OM3) / 100 m (OM4) / 150 m (OM5)', wavelengths: [850], fiberCount: 16, connector: 'MPO-16',
    body: 'IEEE 802.3 Clause 138 (802.3cm)', year: 2020,
    en: '400 Gigabit Ethernet as eight 50G PAM4 lanes on sixteen multimode fibres (MPO-16); can be broken out to 8 x 50G or 2 x 200G.',
    de: '400-Gigabit-Ethernet als acht 50G-PAM4-Kanäle auf sechzehn Multimode-Fasern (MPO-16); aufteilbar in 8 x 50G oder 2 x 200G.',
  },
  {
    name: '400GBASE-SR4.2', category: 'ethernet', speedGbps: 400, lanes: 8, modulation: 'PAM4', medium: 'multimode',
    reachM: 100, reachLabel: '70 m (OM3) / 100 m (OM4) / 150 m (OM5)', wavelengths: [850, 910], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 150 (802.3cm)', year: 2020,
    en: '400 Gigabit Ethernet on eight multimode fibres with two wavelengths (850 and 910 nm) travelling in both directions on each fibre.',
    de: '400-Gigabit-Ethernet auf acht Multimode-Fasern mit zwei Wellenlängen (850 und 910 nm), die auf jeder Faser in beide Richtungen laufen.',
  },
  {
    name: '400GBASE-SR4', category: 'ethernet', speedGbps: 400, lanes: 4, modulation: 'PAM4', medium: 'multimode',
    reachM: 100, reachLabel: '60 m (OM3) / 100 m (OM4)', wavelengths: [850], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 167 (802.3db)', year: 2022,
    en: '400 Gigabit Ethernet as four 100G PAM4 lanes on eight multimode fibres: 60 m on OM3, 100 m on OM4; typical for QSFP112 server links.',
    de: '400-Gigabit-Ethernet als vier 100G-PAM4-Kanäle auf acht Multimode-Fasern: 60 m auf OM3, 100 m auf OM4; typisch für QSFP112-Serveranbindungen.',
  },
  {
    name: '400GBASE-DR4', category: 'ethernet', speedGbps: 400, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 500, reachLabel: '500 m', wavelengths: [1311], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 124 (802.3bs)', year: 2017,
    en: '400 Gigabit Ethernet as four parallel 100G lanes at 1311 nm on eight single-mode fibres for 500 m; breaks out to four 100GBASE-DR ports.',
    de: '400-Gigabit-Ethernet als vier parallele 100G-Kanäle bei 1311 nm auf acht Singlemode-Fasern für 500 m; aufteilbar in vier 100GBASE-DR-Ports.',
  },
  {
    name: '400GBASE-FR8', category: 'ethernet', speedGbps: 400, lanes: 8, modulation: 'PAM4', medium: 'single-mode',
    reachM: 2000, reachLabel: '2 km', wavelengths: LAN_WDM8_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 122 (802.3bs)', year: 2017,
    en: '400 Gigabit Ethernet over eight LAN-WDM wavelengths of 50G each on one duplex single-mode pair for 2 km.',
    de: '400-Gigabit-Ethernet über acht LAN-WDM-Wellenlängen zu je 50G auf einem Singlemode-Faserpaar für 2 km.',
  },
  {
    name: '400GBASE-FR4', category: 'ethernet', speedGbps: 400, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 2000, reachLabel: '2 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 151 (802.3cu)', year: 2021,
    en: '400 Gigabit Ethernet over four 100G CWDM wavelengths on one duplex single-mode pair for 2 km.',
    de: '400-Gigabit-Ethernet über vier 100G-CWDM-Wellenlängen auf einem Singlemode-Faserpaar für 2 km.',
  },
  {
    name: '400GBASE-LR4-6', category: 'ethernet', speedGbps: 400, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 6000, reachLabel: '6 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 151 (802.3cu)', year: 2021,
    en: '400 Gigabit Ethernet over four CWDM wavelengths for 6 km; the IEEE answer for campus-length 400G links.',
    de: '400-Gigabit-Ethernet über vier CWDM-Wellenlängen für 6 km; die IEEE-Lösung für 400G-Strecken über einen Campus.',
  },
  {
    name: '400G-LR4-10', category: 'ethernet-msa', speedGbps: 400, lanes: 4, modulation: 'PAM4', medium: 'single-mode',
    reachM: 10000, reachLabel: '10 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: '100G Lambda MSA (not IEEE)', year: 2020,
    en: '400G over four CWDM wavelengths for 10 km, defined by the 100G Lambda MSA rather than IEEE.',
    de: '400G über vier CWDM-Wellenlängen für 10 km, festgelegt vom 100G Lambda MSA statt von der IEEE.',
  },
  {
    name: '400GBASE-CR4', category: 'ethernet', speedGbps: 400, lanes: 4, modulation: 'PAM4', medium: 'copper',
    reachM: 2, reachLabel: '2 m', wavelengths: [], fiberCount: null, connector: 'direct-attach',
    body: 'IEEE 802.3 Clause 162 (802.3ck)', year: 2022,
    en: '400 Gigabit Ethernet over a four-lane 100G PAM4 twinax direct-attach cable up to 2 m.',
    de: '400-Gigabit-Ethernet über ein vierkanaliges 100G-PAM4-Twinax-Direktanschlusskabel bis 2 m.',
  },
  {
    name: '800GBASE-SR8', category: 'ethernet', speedGbps: 800, lanes: 8, modulation: 'PAM4', medium: 'multimode',
    reachM: 100, reachLabel: '60 m (OM3) / 100 m (OM4)', wavelengths: [850], fiberCount: 16, connector: 'MPO-16',
    body: 'IEEE 802.3 Clause 167 (802.3df)', year: 2024,
    en: '800 Gigabit Ethernet as eight 100G PAM4 lanes on sixteen multimode fibres: 60 m on OM3, 100 m on OM4.',
    de: '800-Gigabit-Ethernet als acht 100G-PAM4-Kanäle auf sechzehn Multimode-Fasern: 60 m auf OM3, 100 m auf OM4.',
  },
  {
    name: '800GBASE-DR8', category: 'ethernet', speedGbps: 800, lanes: 8, modulation: 'PAM4', medium: 'single-mode',
    reachM: 500, reachLabel: '500 m', wavelengths: [1311], fiberCount: 16, connector: 'MPO-16',
    body: 'IEEE 802.3 Clause 124 (802.3df)', year: 2024,
    en: '800 Gigabit Ethernet as eight parallel 100G lanes at 1311 nm on sixteen single-mode fibres for 500 m; breaks out to 2 x 400G-DR4 or 8 x 100G-DR.',
    de: '800-Gigabit-Ethernet als acht parallele 100G-Kanäle bei 1311 nm auf sechzehn Singlemode-Fasern für 500 m; aufteilbar in 2 x 400G-DR4 oder 8 x 100G-DR.',
  },
  {
    name: '800G-2xFR4', category: 'ethernet-msa', speedGbps: 800, lanes: 8, modulation: 'PAM4', medium: 'single-mode',
    reachM: 2000, reachLabel: '2 km', wavelengths: CWDM4_NM, fiberCount: 4, connector: 'dual duplex LC',
    body: 'Two IEEE 400GBASE-FR4 (Clause 151) links in one module; not a single IEEE PHY', year: null,
    en: 'An 800G module carrying two independent 400GBASE-FR4 links, each on its own duplex single-mode pair, for 2 km.',
    de: 'Ein 800G-Modul mit zwei unabhängigen 400GBASE-FR4-Verbindungen, jede auf einem eigenen Singlemode-Faserpaar, für 2 km.',
  },
  {
    name: '800GBASE-CR8', category: 'ethernet', speedGbps: 800, lanes: 8, modulation: 'PAM4', medium: 'copper',
    reachM: 2, reachLabel: '2 m', wavelengths: [], fiberCount: null, connector: 'direct-attach',
    body: 'IEEE 802.3 Clause 162 (802.3df)', year: 2024,
    en: '800 Gigabit Ethernet over an eight-lane 100G PAM4 twinax direct-attach cable up to 2 m.',
    de: '800-Gigabit-Ethernet über ein achtkanaliges 100G-PAM4-Twinax-Direktanschlusskabel bis 2 m.',
  },
  {
    name: '1.6TBASE-DR8', category: 'ethernet', speedGbps: 1600, lanes: 8, modulation: 'PAM4', medium: 'single-mode',
    reachM: 500, reachLabel: '500 m', wavelengths: [1311], fiberCount: 16, connector: 'MPO-16',
    body: 'IEEE 802.3dj (P802.3dj project, 200 Gb/s per lane)', year: null,
    en: '1.6 Terabit Ethernet as eight parallel 200G PAM4 lanes at 1311 nm on sixteen single-mode fibres for 500 m.',
    de: '1,6-Terabit-Ethernet als acht parallele 200G-PAM4-Kanäle bei 1311 nm auf sechzehn Singlemode-Fasern für 500 m.',
  },
];
