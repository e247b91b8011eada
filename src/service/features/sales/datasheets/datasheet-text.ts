import type { DatasheetPrice, TransceiverDatasheet } from '../../../../shared/api/sales/datasheets.schemas.js';

/**
 * The words and figures both exports print, written once so the HTML and the PDF say the same thing. Plain ASCII
 * and Latin-1 only: the PDF's built-in Helvetica (no font files, so it works offline) has no other glyphs.
 */
export const dash = '-';

export function orDash(value: string | number | null | undefined, unit = ''): string {
  if (value === null || value === undefined || value === '') return dash;
  return `${value}${unit}`;
}

export function dbm(value: number): string {
  return `${value.toFixed(1)} dBm`;
}

export function db(value: number | null): string {
  return value === null ? dash : `${value.toFixed(2)} dB`;
}

export function speedText(gbps: number): string {
  return gbps >= 1000 ? `${gbps / 1000}T` : `${gbps}G`;
}

export function reachText(meters: number | null, label: string): string {
  if (label !== '') return label;
  if (meters === null || meters <= 0) return dash;
  return meters >= 1000 ? `${meters / 1000} km` : `${meters} m`;
}

/** The product facts as label/value rows. */
export function productRows(d: TransceiverDatasheet): Array<[string, string]> {
  const p = d.product;
  const temp = p.temp_min_c !== null && p.temp_max_c !== null ? `${p.temp_min_c} to ${p.temp_max_c} C` : dash;
  return [
    ['Part number', p.part_number],
    ['Vendor', p.vendor_name],
    ['Form factor', p.form_factor],
    ['Speed', speedText(p.speed_gbps)],
    ['Standard', orDash(p.standard)],
    ['Fiber', p.fiber_type],
    ['Wavelengths', p.wavelengths.length > 0 ? `${p.wavelengths.join(', ')} nm` : dash],
    ['Reach', reachText(p.reach_meters, p.reach_label)],
    ['Connector', orDash(p.connector)],
    ['Lanes', orDash(p.lanes)],
    ['Modulation', orDash(p.modulation)],
    ['Power', orDash(p.power_w, ' W')],
    ['Temperature', p.temp_range === null ? temp : `${p.temp_range} (${temp})`],
    ['DOM', p.dom_support ? 'yes' : 'no'],
    ['Coding', orDash(p.platform_coding)],
    ['Data confidence', p.data_confidence],
  ];
}

/** The power budget as label/value rows, or null when the product has none. */
export function budgetRows(d: TransceiverDatasheet): Array<[string, string]> | null {
  const b = d.power_budget;
  if (b === null) return null;
  const lane = b.per_lane ? ' (per lane)' : '';
  return [
    [`TX power${lane}`, `${dbm(b.tx_power_min_dbm)} to ${dbm(b.tx_power_max_dbm)}`],
    [`RX sensitivity${lane}`, dbm(b.rx_sensitivity_dbm)],
    ['Power budget', db(b.budget_db)],
    [
      'Fiber loss at rated reach',
      b.fiber_loss_db === null ? 'reach unknown' : `${db(b.fiber_loss_db)} (${orDash(b.reach_meters)} m x ${b.attenuation_db_per_km} dB/km, ${b.fiber_type})`,
    ],
    ['Connectors and splices', db(b.connection_allowance_db)],
    ['Margin', b.margin_note === null ? db(b.margin_db) : `${db(b.margin_db)} (see below)`],
  ];
}

/** What the budget table needs said next to it: why a margin is negative, and that estimated figures are estimates. */
export function budgetNotes(d: TransceiverDatasheet): string[] {
  const b = d.power_budget;
  if (b === null) return [];
  return [
    ...(b.margin_note === null ? [] : [`Negative margin at the rated reach. ${b.margin_note}`]),
    ...(b.estimate ? ['The optical figures of this type are estimates, not a transcription of its standard (see the source below).'] : []),
  ];
}

export const PRICE_GROUPS = [
  ['operator', 'Operator prices'],
  ['original_vendor', 'Original-vendor prices'],
  ['competitors', 'Competitor prices'],
] as const;

export function priceText(p: DatasheetPrice): string {
  // A generated price says so next to the figure: the file may be forwarded without the notice above its table.
  return `${p.price.toFixed(2)} ${p.currency}${p.demo ? ' (demo price)' : ''}`;
}

export function priceRow(p: DatasheetPrice): [string, string, string, string] {
  return [p.vendor_name, p.relation === 'this_product' ? p.part_number : `${p.part_number} (like product)`, priceText(p), p.observed_at.slice(0, 10)];
}

/**
 * The fitting switches, one line per maker: the coding and the operator product to order for that maker's
 * switches, then the models with their cages (a native fit unless marked).
 */
export function compatibilityLines(d: TransceiverDatasheet): string[] {
  const c = d.compatibility;
  const lines = [`Module coding: ${orDash(c.own_coding)}`];
  if (c.switches.length === 0) return [...lines, 'No listed switch has a cage this module fits.'];
  const byMaker = new Map<string, typeof c.switches>();
  for (const s of c.switches) byMaker.set(s.switch.vendor_name, [...(byMaker.get(s.switch.vendor_name) ?? []), s]);
  for (const [maker, fits] of byMaker) {
    const first = fits[0]!;
    const order = first.order === null ? 'no operator product in this coding' : `order ${first.order.part_number}`;
    const models = fits.map(
      (f) => `${f.switch.model} (${f.port_group.port_count} x ${f.port_group.form_factor}${f.fit === 'backward' ? ', backward compatible' : ''})`,
    );
    lines.push(`${maker} - coding ${first.maker_coding}, ${order}: ${models.join('; ')}`);
  }
  return lines;
}

export function sourceLines(d: TransceiverDatasheet): string[] {
  const b = d.power_budget;
  if (b === null) return [d.power_budget_note ?? ''];
  return [`Optical parameters: ${b.source}.`, `Fiber attenuation: ${b.attenuation_source}.`];
}
