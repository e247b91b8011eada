import type { BomLine, TransportPlan, TransportSpan } from '../../../../shared/api/sales/transport.schemas.js';

/** The provider a span's fibre comes from, as the BOM names it. */
export function providerLabel(span: TransportSpan): string {
  return span.provider?.name ?? 'to be sourced';
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function priced(line: Omit<BomLine, 'line_total'>): BomLine {
  return { ...line, line_total: line.unit_price === null ? null : round2(line.unit_price * line.quantity) };
}

/**
 * The bill of materials of all paths: one line per optic product (summed over spans), the line systems (terminals
 * and in-line amplifier sites, which the operator does not sell, so unpriced) and one fibre line per span with its
 * provider (or, on a water crossing too long for an unrepeatered span, one leased subsea wavelength line). Only catalogue prices are totalled; everything else is counted as to be quoted.
 */
export function buildBom(spans: readonly TransportSpan[], cityName: (id: string) => string): TransportPlan['bom'] {
  const optics = new Map<string, { span: TransportSpan; quantity: number; providers: Set<string> }>();
  let terminals = 0;
  let amplifiers = 0;
  const terminalProviders = new Set<string>();
  const amplifierProviders = new Set<string>();
  for (const span of spans) {
    const entry = optics.get(span.optic.transceiver_id) ?? { span, quantity: 0, providers: new Set<string>() };
    entry.quantity += span.modules;
    entry.providers.add(providerLabel(span));
    optics.set(span.optic.transceiver_id, entry);
    if (span.amplified) {
      // A line terminal (mux/demux with booster and pre-amplifier) at each end of every regenerated piece.
      terminals += 2 * (span.regeneration_sites + 1);
      terminalProviders.add(providerLabel(span));
    }
    if (span.inline_amplifier_sites > 0) {
      amplifiers += span.inline_amplifier_sites;
      amplifierProviders.add(providerLabel(span));
    }
  }
  const lines: BomLine[] = [...optics.values()].map(({ span, quantity, providers }) =>
    priced({
      kind: 'optic',
      item: span.optic.part_number,
      description: `${span.optic.name} (${span.optic.standard}, ${span.optic.form_factor})`,
      transceiver_id: span.optic.transceiver_id,
      quantity,
      unit: 'piece',
      unit_price: span.optic.unit_price,
      price_demo: span.optic.price_demo,
      providers: [...providers].sort(),
    }),
  );
  if (terminals > 0) {
    lines.push(
      priced({
        kind: 'line_terminal',
        item: 'DWDM line terminal',
        description: 'Mux/demux with booster and pre-amplifier at each end of an amplified span (not in the operator catalogue: to be quoted)',
        transceiver_id: null,
        quantity: terminals,
        unit: 'piece',
        unit_price: null,
        price_demo: false,
        providers: [...terminalProviders].sort(),
      }),
    );
  }
  if (amplifiers > 0) {
    lines.push(
      priced({
        kind: 'inline_amplifier',
        item: 'In-line amplifier site',
        description: 'EDFA site with housing and power along the route (not in the operator catalogue: to be quoted)',
        transceiver_id: null,
        quantity: amplifiers,
        unit: 'site',
        unit_price: null,
        price_demo: false,
        providers: [...amplifierProviders].sort(),
      }),
    );
  }
  for (const span of spans) {
    if (span.carriage === 'leased_wavelength') {
      lines.push(
        priced({
          kind: 'leased_wavelength',
          item: `Leased subsea wavelength ${cityName(span.from)}–${cityName(span.to)}`,
          description: `Wavelength service across the ${span.water_crossing!.water}, route ${span.route_id}: ${span.leased_circuits} circuit(s), each handed off on ${span.optic.standard} at both ends; quoted by the carrier`,
          transceiver_id: null,
          quantity: span.leased_circuits!,
          unit: 'circuit',
          unit_price: null,
          price_demo: false,
          providers: [providerLabel(span)],
        }),
      );
      continue;
    }
    lines.push(
      priced({
        kind: 'fiber',
        item: `Fibre pair ${cityName(span.from)}–${cityName(span.to)}`,
        description: `${span.fiber_type} dark fibre or spectrum, route ${span.route_id}${span.estimated ? ' (estimated route)' : ''}: lease quoted by the provider`,
        transceiver_id: null,
        quantity: span.km,
        unit: 'km',
        unit_price: null,
        price_demo: false,
        providers: [providerLabel(span)],
      }),
    );
  }
  const total = round2(lines.reduce((sum, line) => sum + (line.line_total ?? 0), 0));
  return { lines, total, unpriced_lines: lines.filter((l) => l.unit_price === null).length, demo_prices: lines.some((l) => l.price_demo) };
}
