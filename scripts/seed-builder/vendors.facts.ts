import { DEFAULT_OPERATOR_BRAND } from '../../src/service/features/seed/seed.config.js';

/**
 * Vendors of the data set. Equipment makers are real companies and appear only as switch makers and as the
 * coding targets of compatible optics; no price is ever attributed to them. The competitor shops are
 * FICTIONAL (is_demo = 1, invented names, web addresses under the reserved .example domain).
 */
/** The operator's name in the files is the default brand; the loader replaces it with OPERATOR_BRAND. */
export interface VendorFact {
  id: string;
  name: string;
  kind: 'operator' | 'oem' | 'competitor';
  country: string | null;
  website: string | null;
  isDemo: boolean;
  scrapeIntervalHours: number | null;
  notes: string;
}

export const OPERATOR: VendorFact = {
  id: 'operator',
  name: DEFAULT_OPERATOR_BRAND,
  kind: 'operator',
  country: 'DE',
  website: 'https://www.operator.example',
  isDemo: false,
  scrapeIntervalHours: 2,
  notes: 'The operator running this service; its display name comes from OPERATOR_BRAND. The seeded product list is demo data until replaced by an import.',
};

export const OEMS: VendorFact[] = [
  {
    id: 'cisco',
    name: 'Cisco',
    kind: 'oem',
    country: 'US',
    website: 'https://www.cisco.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'juniper',
    name: 'Juniper Networks',
    kind: 'oem',
    country: 'US',
    website: 'https://www.juniper.net',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'arista',
    name: 'Arista Networks',
    kind: 'oem',
    country: 'US',
    website: 'https://www.arista.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'hpe',
    name: 'HPE Aruba Networking',
    kind: 'oem',
    country: 'US',
    website: 'https://www.hpe.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'dell',
    name: 'Dell Technologies',
    kind: 'oem',
    country: 'US',
    website: 'https://www.dell.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'nokia',
    name: 'Nokia',
    kind: 'oem',
    country: 'FI',
    website: 'https://www.nokia.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'huawei',
    name: 'Huawei',
    kind: 'oem',
    country: 'CN',
    website: 'https://www.huawei.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
  {
    id: 'nvidia',
    name: 'NVIDIA',
    kind: 'oem',
    country: 'US',
    website: 'https://www.nvidia.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker (Mellanox/Spectrum switches): switch models and optics coding target.',
  },
  {
    id: 'extreme',
    name: 'Extreme Networks',
    kind: 'oem',
    country: 'US',
    website: 'https://www.extremenetworks.com',
    isDemo: false,
    scrapeIntervalHours: null,
    notes: 'Equipment maker: switch models and optics coding target.',
  },
];

export interface CompetitorFact extends VendorFact {
  /** Shop currency: two UK shops quote GBP, two US shops USD. */
  currency: 'GBP' | 'USD';
  /** Price level against the operator's list (1.0 = same). */
  priceLevel: number;
  /** Part-number style of the shop, used by the generator. */
  pnStyle: 'bl' | 'fw' | 'gl' | 'pb';
}

const DEMO_NOTE = 'FICTIONAL demo shop of the seed data set; its products and prices are generated.';

export const COMPETITORS: CompetitorFact[] = [
  {
    id: 'brightlane-demo',
    name: 'Brightlane Optics (demo)',
    kind: 'competitor',
    country: 'GB',
    website: 'https://brightlane.shop.example',
    isDemo: true,
    scrapeIntervalHours: 4,
    notes: DEMO_NOTE,
    currency: 'GBP',
    priceLevel: 0.94,
    pnStyle: 'bl',
  },
  {
    id: 'ferrowave-demo',
    name: 'Ferrowave Photonics (demo)',
    kind: 'competitor',
    country: 'US',
    website: 'https://ferrowave.shop.example',
    isDemo: true,
    scrapeIntervalHours: 4,
    notes: DEMO_NOTE,
    currency: 'USD',
    priceLevel: 0.88,
    pnStyle: 'fw',
  },
  {
    id: 'glimmerlink-demo',
    name: 'Glimmerlink Networks (demo)',
    kind: 'competitor',
    country: 'GB',
    website: 'https://glimmerlink.shop.example',
    isDemo: true,
    scrapeIntervalHours: 8,
    notes: DEMO_NOTE,
    currency: 'GBP',
    priceLevel: 1.08,
    pnStyle: 'gl',
  },
  {
    id: 'polarbay-demo',
    name: 'Polarbay Optical (demo)',
    kind: 'competitor',
    country: 'US',
    website: 'https://polarbay.shop.example',
    isDemo: true,
    scrapeIntervalHours: 8,
    notes: DEMO_NOTE,
    currency: 'USD',
    priceLevel: 0.97,
    pnStyle: 'pb',
  },
];

/** Platform codings of compatible optics: the equipment maker whose EEPROM coding a module carries. */
export const CODINGS = {
  Cisco: 'CSC',
  Juniper: 'JNP',
  Arista: 'ARI',
  'HPE Aruba': 'HPE',
  Dell: 'DEL',
  Nokia: 'NOK',
  Huawei: 'HUA',
  NVIDIA: 'NVD',
  Extreme: 'EXT',
  'MSA generic': 'MSA',
} as const;
export type Coding = keyof typeof CODINGS;
