/**
 * What the technology shipment series (resources/seed/technologies/shipments.json) are built from: the shape of
 * each technology's adoption (a Bass curve, an estimate of this data set) scaled to published shipment counts.
 * Every series counts transceiver MODULES shipped per year, in millions (the unit of the counts below; a breakout
 * module counts once, not per port).
 */

/** The Bass shape of a technology: p, q and launch year are this data set's priors; weight = relative size (millions). */
export interface CurveFact {
  technology: string;
  p: number;
  q: number;
  launch: number;
  weight: number;
}

/** Estimates of this data set (the priors of technologies.json; `weight` is the pre-calibration market size). */
export const CURVES: CurveFact[] = [
  { technology: '1G', p: 0.004, q: 0.45, launch: 1999, weight: 900 },
  { technology: '10G', p: 0.002, q: 0.45, launch: 2003, weight: 700 },
  { technology: '25G', p: 0.01, q: 0.5, launch: 2016, weight: 250 },
  { technology: '40G', p: 0.02, q: 0.6, launch: 2010, weight: 60 },
  { technology: '100G', p: 0.001, q: 0.65, launch: 2011, weight: 350 },
  { technology: '400G', p: 0.012, q: 0.55, launch: 2019, weight: 260 },
  { technology: '800G', p: 0.004, q: 1.1, launch: 2022, weight: 380 },
  { technology: '1.6T', p: 0.005, q: 1.9, launch: 2025, weight: 420 },
  { technology: 'CPO', p: 0.002, q: 0.6, launch: 2025, weight: 80 },
  { technology: 'LPO', p: 0.01, q: 0.5, launch: 2024, weight: 40 },
  { technology: '400ZR Coherent', p: 0.01, q: 0.7, launch: 2021, weight: 6 },
];

/** The last year the series cover. */
export const LAST_YEAR = 2025;

/** A published count of modules shipped by a group of technologies in one year (millions). */
export interface YearAnchor {
  group: string[];
  year: number;
  units: number;
  source: string;
}

const LC_2017 = 'LightCounting, "It is an exciting time for the industry!" (press release, 3 October 2017, https://www.lightcounting.com/News_100317.cfm)';
const LC_2019 =
  'LightCounting, High-Speed Ethernet Optics Report press release, 28 March 2019 (https://www.lightcounting.com/light-trends/outlook-sales-ethernet-transceivers-2020-2024-improves-2019-may-be-flat-year-lightcounting-releases-new-high-speed-ethernet-optics-report/)';
const TF_2025 =
  'TrendForce press release "Optical Transceiver Shipments Projected to Grow by 56.5% in 2025", 5 February 2025 (quoted at https://iconnect007.com/article/143964/optical-transceiver-shipments-projected-to-grow-by-565-in-2025/143961/ein)';
const HIGH_SPEED = ['400G', '800G', '1.6T'];

export const YEAR_ANCHORS: YearAnchor[] = [
  { group: ['40G'], year: 2016, units: 3.0, source: `${LC_2017}: 40GbE optics shipments exceeded 3 million units in 2016` },
  { group: ['100G'], year: 2017, units: 3.0, source: `${LC_2017}: 100GbE transceiver shipments likely to reach 3 million units in 2017` },
  { group: ['100G'], year: 2018, units: 7.0, source: `${LC_2019}: 100GbE module shipments exceeded 7 million units in 2018 (a lower bound)` },
  { group: HIGH_SPEED, year: 2023, units: 6.4, source: `${TF_2025}: 400G-and-above optical transceivers, 6.4 million units in 2023` },
  { group: HIGH_SPEED, year: 2024, units: 20.4, source: `${TF_2025}: 20.4 million units in 2024 (expected)` },
  // "More than 31.9 M": met with 32.0, the next figure at this precision, so the series never fall below the count.
  { group: HIGH_SPEED, year: 2025, units: 32.0, source: `${TF_2025}: more than 31.9 million units in 2025 (forecast)` },
];

/** A published total of Ethernet transceiver modules over a span of years (millions). */
export interface SpanAnchor {
  from: number;
  to: number;
  units: number;
  source: string;
}

const LC_2020 =
  'LightCounting, 10th High Speed Ethernet Optics Report press release, 30 September 2020 (https://www.lightcounting.com/light-trends/record-high-shipments-2020-optical-transceiver-industry-track-ship-its-first-one-billion-ethernet-transceivers-2028-despite-lower-sales-forecast-next-5-years/)';

/** The Ethernet technologies the totals count (optical Ethernet modules; coherent, CPO and LPO are outside them). */
export const ETHERNET = ['1G', '10G', '25G', '40G', '100G', '400G', '800G', '1.6T'];

/** 352 M "in the last ten years" as of September 2020, read here as 2010-2019; 275 M forecast for 2021-2025. */
export const HISTORY_TOTAL: SpanAnchor = {
  from: 2010,
  to: 2019,
  units: 352,
  source: `${LC_2020}: 352 million Ethernet optical transceivers sold in the last ten years`,
};
export const FORECAST_TOTAL: SpanAnchor = { from: 2021, to: 2025, units: 275, source: `${LC_2020}: another 275 million forecast for 2021-2025` };

/** Published counts a forecast year must meet (beyond the last year of the series), checked against the forecasts. */
export interface ForecastAnchor {
  technology: string;
  year: number;
  /** Lower bound, millions of modules. */
  atLeast: number;
  source: string;
}

export const FORECAST_ANCHORS: ForecastAnchor[] = [
  {
    technology: '1.6T',
    year: 2026,
    atLeast: 10,
    source:
      'TrendForce and Yole Group figures as quoted by HaloWill, "800G to 1.6T: the generational revolution in AI data center optical interconnects" (2026, https://www.halowill.com/en-ca/blogs/resources/800g-to-1-6t-the-generational-revolution-in-ai-data-center-optical-interconnects-is-underway): 1.6T full-year 2026 shipments expected to break through 10 million units; LightCounting\'s May 2026 update as quoted by Sofia Connect (https://sofia-connect.net/bg/insights/2026-w23-800g-coherent-1-6t-deployment-window/): 1.6T port shipments rising from a small 2025 base to tens of millions of units',
  },
];

/** A published year-on-year growth a series must show (at least), for technologies without a published count. */
export interface GrowthAnchor {
  technology: string;
  year: number;
  atLeast: number;
  source: string;
}

export const GROWTH_ANCHORS: GrowthAnchor[] = [
  {
    technology: '400ZR Coherent',
    year: 2024,
    atLeast: 0.35,
    source:
      'Cignal AI 1Q24 Optical Components Report, as reported by Lightwave ("Hyperscaler demands drive up demand for optical modules in Q1 2024", https://lightwaveonline.com/home/article/55089209/hyperscaler-demands-drive-up-demand-for-optical-modules-in-q1-2024): telecom module shipment growth concentrated in 400G coherent pluggables, up more than 35 % year on year',
  },
];
