import { buildShipmentSeries } from './shipments.generator.js';

/** The text of resources/seed/technologies/shipments.json: what the forecast loader reads (note and rows). */
export function shipmentsFileText(): string {
  const { note, shipments } = buildShipmentSeries();
  return `${JSON.stringify({ note, shipments }, null, 1)}\n`;
}
