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

/** Database rows (0/1 flags, JSON list text) to API records (booleans, number lists). */
export function toTransceiver(row: TransceiverRow): Transceiver {
  const { origin, generator, generated_on, ...fields } = row;
  return {
    ...fields,
    provenance: { origin: origin ?? 'unrecorded', demo: origin === 'seed', generator, generated_on },
    data_confidence: row.data_confidence as Transceiver['data_confidence'],
    wavelengths: parseNumberList(row.wavelengths),
    details_verified: flag(row.details_verified),
    dom_support: flag(row.dom_support),
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
