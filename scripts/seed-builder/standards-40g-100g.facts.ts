import type { StandardFact } from './fact.types.js';
import { CWDM4_NM } from './standards-1g-50g.facts.js';

/** LAN-WDM grid of 100GBASE-LR4/ER4 and 200GBASE-LR4/ER4 (800 GHz spacing), nm. */
export const LAN_WDM4_NM = [1295.56, 1300.05, 1304.58, 1309.14];

export const STANDARDS_40G_100G: StandardFact[] = [
  {
    name: '40GBASE-SR4', category: 'ethernet', speedGbps: 40, lanes: 4, modulation: 'NRZ', medium: 'multimode',
    reachM: 150, reachLabel: '100 m (OM3) / 150 m (OM4)', wavelengths: [850], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 86 (802.3ba)', year: 2010,
    en: '40 Gigabit Ethernet as four parallel 10G lanes on eight multimode fibres (MPO-12): 100 m on OM3, 150 m on OM4. Can be broken out to four 10G ports.',
    de: '40-Gigabit-Ethernet als vier parallele 10G-Kanäle auf acht Multimode-Fasern (MPO-12): 100 m auf OM3, 150 m auf OM4. Lässt sich in vier 10G-Ports aufteilen.',
  },
  {
    name: '40GBASE-LR4', category: 'ethernet', speedGbps: 40, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 10000, reachLabel: '10 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 87 (802.3ba)', year: 2010,
    en: '40 Gigabit Ethernet as four CWDM wavelengths (1271-1331 nm) on one single-mode fibre pair for 10 km.',
    de: '40-Gigabit-Ethernet als vier CWDM-Wellenlängen (1271-1331 nm) auf einem Singlemode-Faserpaar für 10 km.',
  },
  {
    name: '40GBASE-ER4', category: 'ethernet', speedGbps: 40, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 40000, reachLabel: '40 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 87 (802.3bm)', year: 2015,
    en: '40 Gigabit Ethernet on the same four CWDM wavelengths as LR4, with a more sensitive receiver for 40 km.',
    de: '40-Gigabit-Ethernet auf denselben vier CWDM-Wellenlängen wie LR4, mit empfindlicherem Empfänger für 40 km.',
  },
  {
    name: '40GBASE-CR4', category: 'ethernet', speedGbps: 40, lanes: 4, modulation: 'NRZ', medium: 'copper',
    reachM: 7, reachLabel: '7 m', wavelengths: [], fiberCount: null, connector: 'direct-attach',
    body: 'IEEE 802.3 Clause 85 (802.3ba)', year: 2010,
    en: '40 Gigabit Ethernet over a four-lane twinax direct-attach cable up to 7 m.',
    de: '40-Gigabit-Ethernet über ein vierkanaliges Twinax-Direktanschlusskabel bis 7 m.',
  },
  {
    name: '100GBASE-SR4', category: 'ethernet', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'multimode',
    reachM: 100, reachLabel: '70 m (OM3) / 100 m (OM4)', wavelengths: [850], fiberCount: 8, connector: 'MPO-12',
    body: 'IEEE 802.3 Clause 95 (802.3bm)', year: 2015,
    en: '100 Gigabit Ethernet as four 25G lanes on eight multimode fibres (MPO-12): 70 m on OM3, 100 m on OM4.',
    de: '100-Gigabit-Ethernet als vier 25G-Kanäle auf acht Multimode-Fasern (MPO-12): 70 m auf OM3, 100 m auf OM4.',
  },
  {
    name: '100GBASE-SR10', category: 'ethernet', speedGbps: 100, lanes: 10, modulation: 'NRZ', medium: 'multimode',
    reachM: 150, reachLabel: '100 m (OM3) / 150 m (OM4)', wavelengths: [850], fiberCount: 20, connector: 'MPO-24',
    body: 'IEEE 802.3 Clause 86 (802.3ba)', year: 2010,
    en: 'The first 100 Gigabit Ethernet for multimode: ten 10G lanes on twenty fibres (MPO-24); today a legacy type.',
    de: 'Das erste 100-Gigabit-Ethernet für Multimode: zehn 10G-Kanäle auf zwanzig Fasern (MPO-24); heute ein Altbestand.',
  },
  {
    name: '100GBASE-LR4', category: 'ethernet', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 10000, reachLabel: '10 km', wavelengths: LAN_WDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 88 (802.3ba)', year: 2010,
    en: '100 Gigabit Ethernet as four LAN-WDM wavelengths around 1300 nm (1295.56-1309.14 nm) on one fibre pair for 10 km.',
    de: '100-Gigabit-Ethernet als vier LAN-WDM-Wellenlängen um 1300 nm (1295,56-1309,14 nm) auf einem Faserpaar für 10 km.',
  },
  {
    name: '100GBASE-ER4', category: 'ethernet', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 40000, reachLabel: '40 km', wavelengths: LAN_WDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 88 (802.3ba)', year: 2010,
    en: '100 Gigabit Ethernet on the LR4 LAN-WDM grid with an optical amplifier in the receiver for 40 km.',
    de: '100-Gigabit-Ethernet auf dem LAN-WDM-Raster von LR4 mit optischem Verstärker im Empfänger für 40 km.',
  },
  {
    name: '100G-CWDM4', category: 'ethernet-msa', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 2000, reachLabel: '2 km', wavelengths: CWDM4_NM, fiberCount: 2, connector: 'LC',
    body: 'CWDM4 MSA (not IEEE)', year: 2014,
    en: '100G over four CWDM wavelengths on one duplex single-mode pair for 2 km; the cheap data-centre alternative to LR4.',
    de: '100G über vier CWDM-Wellenlängen auf einem Singlemode-Faserpaar für 2 km; die günstige Rechenzentrums-Alternative zu LR4.',
  },
  {
    name: '100G-PSM4', category: 'ethernet-msa', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'single-mode',
    reachM: 500, reachLabel: '500 m', wavelengths: [1310], fiberCount: 8, connector: 'MPO-12',
    body: 'PSM4 MSA (not IEEE)', year: 2014,
    en: '100G as four parallel 1310 nm lanes on eight single-mode fibres (MPO-12) for 500 m; can be broken out to 4 x 25G.',
    de: '100G als vier parallele 1310-nm-Kanäle auf acht Singlemode-Fasern (MPO-12) für 500 m; aufteilbar in 4 x 25G.',
  },
  {
    name: '100G-SWDM4', category: 'ethernet-msa', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'multimode',
    reachM: 100, reachLabel: '75 m (OM3) / 100 m (OM4) / 150 m (OM5)', wavelengths: [850, 880, 910, 940], fiberCount: 2, connector: 'LC',
    body: 'SWDM MSA (not IEEE)', year: 2017,
    en: '100G over four short-wave wavelengths (850-940 nm) on one duplex multimode pair, reusing 10G-era duplex cabling.',
    de: '100G über vier Kurzwellen-Wellenlängen (850-940 nm) auf einem Multimode-Faserpaar; nutzt die Duplex-Verkabelung der 10G-Zeit weiter.',
  },
  {
    name: '100GBASE-DR', category: 'ethernet', speedGbps: 100, lanes: 1, modulation: 'PAM4', medium: 'single-mode',
    reachM: 500, reachLabel: '500 m', wavelengths: [1311], fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 140 (802.3cd)', year: 2018,
    en: '100 Gigabit Ethernet on one 1311 nm PAM4 wavelength over a single-mode pair for 500 m; the far end of a 400G-DR4 breakout.',
    de: '100-Gigabit-Ethernet auf einer PAM4-Wellenlänge bei 1311 nm über ein Singlemode-Paar für 500 m; das Gegenstück eines 400G-DR4-Breakouts.',
  },
  {
    name: '100GBASE-FR1', category: 'ethernet', speedGbps: 100, lanes: 1, modulation: 'PAM4', medium: 'single-mode',
    reachM: 2000, reachLabel: '2 km', wavelengths: [1311], fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 140 (802.3cu); first specified by the 100G Lambda MSA', year: 2021,
    en: '100 Gigabit Ethernet on a single 1311 nm PAM4 wavelength for 2 km over a duplex single-mode pair.',
    de: '100-Gigabit-Ethernet auf einer einzigen PAM4-Wellenlänge bei 1311 nm für 2 km über ein Singlemode-Faserpaar.',
  },
  {
    name: '100GBASE-LR1', category: 'ethernet', speedGbps: 100, lanes: 1, modulation: 'PAM4', medium: 'single-mode',
    reachM: 10000, reachLabel: '10 km', wavelengths: [1311], fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3 Clause 140 (802.3cu)', year: 2021,
    en: '100 Gigabit Ethernet on a single 1311 nm PAM4 wavelength for 10 km, a simpler successor to LR4.',
    de: '100-Gigabit-Ethernet auf einer einzigen PAM4-Wellenlänge bei 1311 nm für 10 km, ein einfacherer Nachfolger von LR4.',
  },
  {
    name: '100GBASE-CR4', category: 'ethernet', speedGbps: 100, lanes: 4, modulation: 'NRZ', medium: 'copper',
    reachM: 5, reachLabel: '5 m', wavelengths: [], fiberCount: null, connector: 'direct-attach',
    body: 'IEEE 802.3 Clause 92 (802.3bj)', year: 2014,
    en: '100 Gigabit Ethernet over a four-lane twinax direct-attach cable up to 5 m, the cheapest way to join switches in one rack.',
    de: '100-Gigabit-Ethernet über ein vierkanaliges Twinax-Direktanschlusskabel bis 5 m, die günstigste Verbindung von Switches im selben Rack.',
  },
  {
    name: '100GBASE-ZR', category: 'coherent', speedGbps: 100, lanes: 1, modulation: 'coherent (DP-DQPSK)', medium: 'single-mode',
    reachM: 80000, reachLabel: '80 km (DWDM)', wavelengths: [1528.77, 1567.13], fiberCount: 2, connector: 'LC',
    body: 'IEEE 802.3ct', year: 2021,
    en: '100 Gigabit Ethernet over an amplified DWDM line for 80 km using coherent detection on a tunable C-band wavelength.',
    de: '100-Gigabit-Ethernet über eine verstärkte DWDM-Strecke für 80 km mit kohärentem Empfang auf einer abstimmbaren C-Band-Wellenlänge.',
  },
];
