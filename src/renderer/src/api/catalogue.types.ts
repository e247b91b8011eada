/** Shapes of the catalogue API's answers (src/service/features/catalogue/*.schemas.ts), as the dashboard reads them. */
export const FIBER_TYPES = ['SMF', 'MMF', 'copper', 'AOC'] as const;
export const WDM_TYPES = ['none', 'CWDM', 'LWDM', 'DWDM', 'SWDM', 'BiDi', 'PSM', 'coherent'] as const;
export const DATA_CONFIDENCES = ['vendor_verified', 'enriched_estimated', 'scraped_unverified'] as const;
export const TRANSCEIVER_SORT_FIELDS = ['part_number', 'name', 'speed_gbps', 'reach_meters', 'form_factor', 'vendor', 'data_confidence', 'updated_at'] as const;
export type TransceiverSortField = (typeof TRANSCEIVER_SORT_FIELDS)[number];
export type Currency = 'USD' | 'GBP' | 'EUR';

export interface Transceiver {
  id: string;
  slug: string;
  vendor_id: string;
  vendor_name: string;
  vendor_kind: 'operator' | 'oem' | 'competitor';
  part_number: string;
  name: string;
  form_factor: string;
  speed_gbps: number;
  standard: string | null;
  fiber_type: string;
  wdm_type: string;
  wavelengths: number[];
  reach_meters: number | null;
  reach_label: string;
  details_verified: boolean;
  data_confidence: (typeof DATA_CONFIDENCES)[number];
  connector: string | null;
  lanes: number | null;
  modulation: string | null;
  power_w: number | null;
  temp_range: string | null;
  dom_support: boolean;
  platform_coding: string | null;
  product_page_url: string | null;
  image_url: string | null;
  description: string | null;
  updated_at: string;
}

export interface Page<T> {
  total: number;
  limit: number;
  offset: number;
  items: T[];
}

export interface PriceObservation {
  id: number;
  vendor_id: string;
  vendor_name: string;
  price: number;
  currency: Currency;
  observed_at: string;
  in_stock: boolean | null;
  source: string;
  url: string | null;
}

export interface ComparableProduct {
  transceiver_id: string;
  slug: string;
  vendor_name: string;
  vendor_kind: string;
  part_number: string;
  name: string;
  comp_form_factor: string;
  comp_speed_gbps: number;
  comp_reach_label: string;
  comp_fiber_type: string;
  price: number | null;
  currency: Currency | null;
  observed_at: string | null;
}

export interface TransceiverDetail extends Transceiver {
  current_prices: PriceObservation[];
  price_history: PriceObservation[];
  comparable_products: ComparableProduct[];
}

export interface PriceHistory {
  transceiver_id: string;
  total: number;
  items: PriceObservation[];
}

/** Form factors and standards carry their description in both languages. */
export interface Bilingual {
  description_en: string;
  description_de: string;
}

export interface FormFactor extends Bilingual {
  name: string;
  full_name: string;
  speed: string;
  channels: number;
  status: string;
  supersedes: string | null;
  transceiver_count: number;
}

export interface Standard extends Bilingual {
  name: string;
  category: string;
  speed_gbps: number;
  modulation: string;
  medium: string;
  reach_label: string;
  body: string;
  year: number | null;
  transceiver_count: number;
}

export interface Vendor {
  id: string;
  name: string;
  kind: 'operator' | 'oem' | 'competitor';
  transceiver_count: number;
  price_observation_count: number;
}

export interface List<T> {
  total: number;
  items: T[];
}

export interface CoverageRow {
  form_factor: string;
  products: number;
  covered: number;
  ratio: number;
}

export interface Coverage {
  measure: 'price' | 'image';
  total: CoverageRow;
  by_form_factor: CoverageRow[];
}

/** GET /api/price-changes item. */
export interface PriceChange {
  id: number;
  changed_at: string;
  transceiver_id: string;
  slug: string;
  part_number: string;
  name: string;
  form_factor: string;
  speed_gbps: number;
  vendor_id: string;
  vendor_name: string;
  currency: string;
  old_price: number;
  new_price: number;
  change_pct: number;
}
