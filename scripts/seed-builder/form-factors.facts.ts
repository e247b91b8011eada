import type { FormFactorFact } from './fact.types.js';

/** Pluggable form factors, each pointing at the predecessor it replaced in its family (null = first of its line). */
export const FORM_FACTORS: FormFactorFact[] = [
  {
    name: 'SFP', fullName: 'Small Form-factor Pluggable', speed: '1G', maxSpeedGbps: 1, channels: 1, status: 'mature', supersedes: null, introducedYear: 2001,
    en: 'The small single-lane cage for 100M and 1G optics and copper; still on almost every access switch.',
    de: 'Der kleine einkanalige Steckplatz für 100M- und 1G-Optiken und Kupfer; noch auf fast jedem Access-Switch.',
  },
  {
    name: 'SFP+', fullName: 'Enhanced Small Form-factor Pluggable', speed: '10G', maxSpeedGbps: 10, channels: 1, status: 'mature', supersedes: 'SFP', introducedYear: 2006,
    en: 'SFP-sized cage for 10G; moved the signal processing to the host and so replaced the larger XFP.',
    de: 'SFP-großer Steckplatz für 10G; verlagerte die Signalaufbereitung in den Switch und löste so das größere XFP ab.',
  },
  {
    name: 'SFP28', fullName: 'Small Form-factor Pluggable 28', speed: '25G', maxSpeedGbps: 25, channels: 1, status: 'mainstream', supersedes: 'SFP+', introducedYear: 2014,
    en: 'Single-lane 25G version of SFP+, the standard server port of modern data centres; also accepts 10G SFP+ modules.',
    de: 'Einkanalige 25G-Version von SFP+, der Standard-Serverport moderner Rechenzentren; nimmt auch 10G-SFP+-Module auf.',
  },
  {
    name: 'SFP56', fullName: 'Small Form-factor Pluggable 56', speed: '50G', maxSpeedGbps: 50, channels: 1, status: 'mainstream', supersedes: 'SFP28', introducedYear: 2018,
    en: 'Single-lane 50G cage using PAM4 signalling.',
    de: 'Einkanaliger 50G-Steckplatz mit PAM4-Signalisierung.',
  },
  {
    name: 'SFP112', fullName: 'Small Form-factor Pluggable 112', speed: '100G', maxSpeedGbps: 100, channels: 1, status: 'emerging', supersedes: 'SFP56', introducedYear: 2021,
    en: 'Single-lane 100G cage with 112G PAM4 electrical signalling.',
    de: 'Einkanaliger 100G-Steckplatz mit elektrischer 112G-PAM4-Signalisierung.',
  },
  {
    name: 'XFP', fullName: '10 Gigabit Small Form-factor Pluggable', speed: '10G', maxSpeedGbps: 10, channels: 1, status: 'legacy', supersedes: null, introducedYear: 2002,
    en: 'The first small 10G pluggable, larger than SFP+ with its own clock recovery; still found in older routers and PON OLTs.',
    de: 'Das erste kleine steckbare 10G-Modul, größer als SFP+ und mit eigener Taktrückgewinnung; noch in älteren Routern und PON-OLTs zu finden.',
  },
  {
    name: 'QSFP+', fullName: 'Quad Small Form-factor Pluggable Plus', speed: '40G (4x10G)', maxSpeedGbps: 40, channels: 4, status: 'mature', supersedes: null, introducedYear: 2010,
    en: 'Four 10G lanes in one cage for 40G, or broken out to four 10G ports.',
    de: 'Vier 10G-Kanäle in einem Steckplatz für 40G, oder aufgeteilt auf vier 10G-Ports.',
  },
  {
    name: 'QSFP28', fullName: 'Quad Small Form-factor Pluggable 28', speed: '100G (4x25G)', maxSpeedGbps: 100, channels: 4, status: 'mainstream', supersedes: 'QSFP+', introducedYear: 2014,
    en: 'Four 25G lanes for 100G in the QSFP+ footprint; the workhorse of 100G data-centre and carrier networks.',
    de: 'Vier 25G-Kanäle für 100G im QSFP+-Format; das Arbeitspferd von 100G-Rechenzentrums- und Betreibernetzen.',
  },
  {
    name: 'QSFP56', fullName: 'Quad Small Form-factor Pluggable 56', speed: '200G (4x50G)', maxSpeedGbps: 200, channels: 4, status: 'mainstream', supersedes: 'QSFP28', introducedYear: 2017,
    en: 'Four 50G PAM4 lanes for 200G in the familiar QSFP cage.',
    de: 'Vier 50G-PAM4-Kanäle für 200G im bekannten QSFP-Steckplatz.',
  },
  {
    name: 'QSFP112', fullName: 'Quad Small Form-factor Pluggable 112', speed: '400G (4x100G)', maxSpeedGbps: 400, channels: 4, status: 'emerging', supersedes: 'QSFP56', introducedYear: 2021,
    en: 'Four 100G PAM4 lanes for 400G in the QSFP cage; common on 400G server adapters.',
    de: 'Vier 100G-PAM4-Kanäle für 400G im QSFP-Steckplatz; verbreitet auf 400G-Serveradaptern.',
  },
  {
    name: 'QSFP-DD', fullName: 'Quad Small Form-factor Pluggable Double Density', speed: '400G (8x50G)', maxSpeedGbps: 400, channels: 8, status: 'mainstream', supersedes: 'QSFP56', introducedYear: 2016,
    en: 'A QSFP cage with a second row of contacts for eight lanes; 400G while still accepting QSFP28 and QSFP56 modules.',
    de: 'Ein QSFP-Steckplatz mit einer zweiten Kontaktreihe für acht Kanäle; 400G und trotzdem offen für QSFP28- und QSFP56-Module.',
  },
  {
    name: 'QSFP-DD800', fullName: 'QSFP Double Density 800', speed: '800G (8x100G)', maxSpeedGbps: 800, channels: 8, status: 'emerging', supersedes: 'QSFP-DD', introducedYear: 2021,
    en: 'QSFP-DD with eight 100G PAM4 lanes for 800G, backward compatible with QSFP-DD modules.',
    de: 'QSFP-DD mit acht 100G-PAM4-Kanälen für 800G, rückwärtskompatibel zu QSFP-DD-Modulen.',
  },
  {
    name: 'OSFP', fullName: 'Octal Small Form-factor Pluggable', speed: '400G (8x50G) / 800G (8x100G)', maxSpeedGbps: 800, channels: 8, status: 'mainstream', supersedes: null, introducedYear: 2016,
    en: 'A slightly larger eight-lane cage with room for more power and an integrated heat sink; used for 400G and 800G, especially in AI clusters.',
    de: 'Ein etwas größerer achtkanaliger Steckplatz mit mehr Leistungsreserve und integriertem Kühlkörper; für 400G und 800G, vor allem in KI-Clustern.',
  },
  {
    name: 'OSFP224', fullName: 'OSFP with 224G electrical lanes', speed: '1.6T (8x200G)', maxSpeedGbps: 1600, channels: 8, status: 'emerging', supersedes: 'OSFP', introducedYear: 2023,
    en: 'OSFP with eight 200G lanes for 1.6T modules.',
    de: 'OSFP mit acht 200G-Kanälen für 1,6T-Module.',
  },
  {
    name: 'OSFP-XD', fullName: 'OSFP Extra Dense', speed: '1.6T (16x100G)', maxSpeedGbps: 1600, channels: 16, status: 'emerging', supersedes: 'OSFP', introducedYear: 2022,
    en: 'A sixteen-lane variant of OSFP for 1.6T with 100G lanes (3.2T with 200G lanes).',
    de: 'Eine sechzehnkanalige OSFP-Variante für 1,6T mit 100G-Kanälen (3,2T mit 200G-Kanälen).',
  },
  {
    name: 'CFP', fullName: 'C Form-factor Pluggable', speed: '100G (10x10G)', maxSpeedGbps: 100, channels: 10, status: 'legacy', supersedes: null, introducedYear: 2010,
    en: 'The large first-generation 100G module; replaced by CFP2, CFP4 and finally QSFP28.',
    de: 'Das große 100G-Modul der ersten Generation; abgelöst von CFP2, CFP4 und schließlich QSFP28.',
  },
  {
    name: 'CFP2', fullName: 'C Form-factor Pluggable 2', speed: '100G / 200-400G coherent (DCO)', maxSpeedGbps: 400, channels: 4, status: 'mature', supersedes: 'CFP', introducedYear: 2013,
    en: 'Half the width of CFP; today mostly used for coherent DWDM modules (CFP2-DCO) on transport routers.',
    de: 'Halb so breit wie CFP; heute vor allem für kohärente DWDM-Module (CFP2-DCO) in Transport-Routern genutzt.',
  },
  {
    name: 'CFP4', fullName: 'C Form-factor Pluggable 4', speed: '100G (4x25G)', maxSpeedGbps: 100, channels: 4, status: 'legacy', supersedes: 'CFP2', introducedYear: 2014,
    en: 'The smallest CFP, four 25G lanes; overtaken by QSFP28 soon after its launch.',
    de: 'Das kleinste CFP mit vier 25G-Kanälen; kurz nach der Einführung von QSFP28 überholt.',
  },
  {
    name: 'CFP8', fullName: 'C Form-factor Pluggable 8', speed: '400G (16x25G or 8x50G)', maxSpeedGbps: 400, channels: 16, status: 'legacy', supersedes: 'CFP4', introducedYear: 2017,
    en: 'The first 400G pluggable, used in early 400G routers before QSFP-DD and OSFP took over.',
    de: 'Das erste steckbare 400G-Modul, eingesetzt in frühen 400G-Routern, bevor QSFP-DD und OSFP übernahmen.',
  },
  {
    name: 'CXP', fullName: '120 Gb/s 12x Small Form-factor Pluggable', speed: '100G (10 of 12x10G)', maxSpeedGbps: 120, channels: 12, status: 'legacy', supersedes: null, introducedYear: 2009,
    en: 'Twelve 10G lanes in one module, from InfiniBand; used for 100GBASE-SR10 on early 100G line cards.',
    de: 'Zwölf 10G-Kanäle in einem Modul, aus der InfiniBand-Welt; für 100GBASE-SR10 auf frühen 100G-Linecards.',
  },
];
