import type { Factor } from '../../../shared/api/forecast/forecast.schemas.js';

export const FACTOR_LABELS: Record<Factor['name'], string> = {
  port_shipment_share: 'Port shipment share',
  asp_decline: 'ASP decline rate',
  standards_maturity: 'Standards maturity',
  interoperability: 'Interoperability validation',
  vendor_trajectory: 'Vendor trajectory',
  media_sentiment: 'Media sentiment',
};
