import { withConversion } from '../comparables/comparables.conversion.js';
import type { ComparableRow } from '../comparables/comparables.repository.js';
import type { DemandRow } from '../demand/demand.repository.js';
import type { DemandRecord } from '../../../../shared/api/catalogue/demand.schemas.js';
import type { PriceRow } from '../prices/prices.repository.js';
import type { ComparableProduct, PriceObservation } from '../../../../shared/api/catalogue/prices.schemas.js';
import type { TransceiverRow } from '../transceivers/transceivers.repository.js';
import type { Transceiver } from '../../../../shared/api/catalogue/transceivers.schemas.js';
import type { Currency } from '../../../../shared/vocabulary/catalogue.vocabulary.js';
import { REACH_CLASSES } from '../../../../shared/vocabulary/reach-class.vocabulary.js';
import { isDemoPriceSource } from '../../../../shared/vocabulary/price-source.vocabulary.js';
import { flag, optionalFlag, parseNumberList } from './catalogue.values.js';

/**
 * Database rows (0/1 flags, JSON list text) to API records (booleans, number lists). Field by field in one literal:
 * copying the row with rest and spread syntax cost more than the rest of a 50-row list page (bench/catalogue.bench.ts).
 */
export function toTransceiver(row: TransceiverRow): Transceiver {
  return {
    id: row.id,
    slug: row.slug,
    vendor_id: row.vendor_id,
    vendor_name: row.vendor_name,
    vendor_kind: row.vendor_kind,
    part_number: row.part_number,
    name: row.name,
    form_factor: row.form_factor,
    speed_gbps: row.speed_gbps,
    standard: row.standard,
    fiber_type: row.fiber_type,
    wdm_type: row.wdm_type,
    wavelengths: parseNumberList(row.wavelengths),
    reach_meters: row.reach_meters,
    reach_label: row.reach_label,
    details_verified: flag(row.details_verified),
    data_confidence: row.data_confidence as Transceiver['data_confidence'],
    connector: row.connector,
    lanes: row.lanes,
    modulation: row.modulation,
    power_w: row.power_w,
    temp_range: row.temp_range,
    temp_min_c: row.temp_min_c,
    temp_max_c: row.temp_max_c,
    dom_support: flag(row.dom_support),
    platform_coding: row.platform_coding,
    product_page_url: row.product_page_url,
    image_url: row.image_url,
    description: row.description,
    created_at: row.created_at,
    updated_at: row.updated_at,
    provenance: { origin: row.origin ?? 'unrecorded', demo: row.origin === 'seed', generator: row.generator, generated_on: row.generated_on },
  };
}

export function toPriceObservation(row: PriceRow): PriceObservation {
  return { ...row, currency: row.currency as PriceObservation['currency'], in_stock: optionalFlag(row.in_stock) };
}

export function toComparable(row: ComparableRow, target: Currency): ComparableProduct {
  const { price_source, ...fields } = row;
  return {
    ...withConversion(fields, target),
    price_demo: row.price !== null && isDemoPriceSource(price_source),
    comp_wavelengths: parseNumberList(row.comp_wavelengths),
    comp_reach_class: row.comp_reach_class === null ? null : REACH_CLASSES[row.comp_reach_class]!.label,
    currency: row.currency as ComparableProduct['currency'],
  };
}

export function toDemandRecord(row: DemandRow): DemandRecord {
  return { ...row, has_demand_data: flag(row.has_demand_data), is_internal: flag(row.is_internal) };
}
