import type { Factor } from '../../../shared/api/forecast/forecast.schemas.js';
import type { Translate } from '../i18n/translate.js';

const FACTORS: ReadonlyArray<Factor['name']> = [
  'port_shipment_share',
  'asp_decline',
  'standards_maturity',
  'interoperability',
  'vendor_trajectory',
  'media_sentiment',
];

/** A classifier factor's name for people (factor.<name> in the message catalogue); an unknown one stays as it is. */
export function factorLabel(name: string, t: Translate): string {
  return (FACTORS as readonly string[]).includes(name) ? t(`factor.${name as Factor['name']}`) : name;
}
