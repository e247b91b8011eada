import { type RawBuilder, sql } from 'kysely';
import { REACH_CLASSES } from '../../../../shared/vocabulary/reach-class.vocabulary.js';

/** A price's conversion into the comparison currency (conversionCtes); all NULL when it has no price or no rate. */
export interface ConversionColumns {
  converted_amount: number | null;
  conversion_rate: number | null;
  rate_as_of: string | null;
  rate_source: string | null;
}

/**
 * A transceiver's reach class (index into REACH_CLASSES) over `transceivers t LEFT JOIN standards s`: its effective
 * reach is reach_meters when above 0, else its standard's reach when above 0, else absent (NULL class). A scraped row
 * often lacks the reach but names its standard, and the standard fixes the reach family.
 */
function reachClassExpression(): RawBuilder<unknown> {
  const reach = 'CASE WHEN t.reach_meters > 0 THEN t.reach_meters WHEN s.reach_meters > 0 THEN s.reach_meters END';
  const bounds = REACH_CLASSES.map((c, i) => (c.upToMeters === null ? `ELSE ${i}` : `WHEN ${reach} <= ${c.upToMeters} THEN ${i}`));
  // Only constants of this module go into the raw text.
  return sql.raw(`CASE WHEN (${reach}) IS NULL THEN NULL ${bounds.join(' ')} END`);
}
export const REACH_CLASS = reachClassExpression();

/** Conversion columns of the price row `p` joined to `conversion` as `cv`; the amount is the price times the stated rate. */
export function conversionColumns(p: 'p' | 'cp'): RawBuilder<unknown> {
  return sql.raw(`CASE WHEN ${p}.price IS NULL OR cv.rate IS NULL THEN NULL ELSE round(CAST(${p}.price * cv.rate AS numeric), 2) END AS converted_amount,
       CASE WHEN ${p}.price IS NULL THEN NULL ELSE cv.rate END AS conversion_rate,
       CASE WHEN ${p}.price IS NULL THEN NULL ELSE cv.rate_as_of END AS rate_as_of,
       CASE WHEN ${p}.price IS NULL THEN NULL ELSE cv.rate_source END AS rate_source`);
}
