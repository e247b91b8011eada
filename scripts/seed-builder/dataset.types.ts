import type { SeedCell, SeedTableName } from '../../src/service/features/seed/seed.tables.js';
import type { Coding } from './vendors.facts.js';
import type { ProductLine } from './product-lines.catalogue.js';

/** A row exactly as it goes into its table (column name -> cell). */
export type Row = Record<string, SeedCell>;

export type Dataset = Record<SeedTableName, Row[]>;

export interface TransceiverRow extends Row {
  id: string;
  slug: string;
  vendor_id: string;
  part_number: string;
  name: string;
  form_factor: string;
  speed_gbps: number;
  standard: string;
  fiber_type: string;
  wdm_type: string;
  wavelengths: string;
  reach_meters: number | null;
  reach_label: string;
  data_confidence: 'vendor_verified' | 'enriched_estimated' | 'scraped_unverified';
  connector: string | null;
  lanes: number | null;
  modulation: string | null;
  power_w: number | null;
  temp_range: string | null;
  temp_min_c: number | null;
  temp_max_c: number | null;
  dom_support: number;
  platform_coding: string;
  product_page_url: string;
  image_url: string | null;
  description: string;
  created_at: string;
  updated_at: string;
}

/** A generated product with what the later generators (prices, matching, demand) need to know about it. */
export interface Product {
  row: TransceiverRow;
  line: ProductLine;
  lineIndex: number;
  coding: Coding;
  industrial: boolean;
  /** USD street-price anchor of this exact product at the start of the price history. */
  baseUsd: number;
}
