import type { TransportNetwork, TransportPlan, TransportPlanRequest, TransportSpan } from '../../../../shared/api/sales/transport.schemas.js';
import type { AppDatabase } from '../../../db/database.js';
import { InvalidError, NotFoundError, UnprocessableError } from '../../../errors.js';
import { operatorOffersByStandard } from '../../catalogue/index.js';
import { isDemoPriceSource } from '../../../../shared/vocabulary/price-source.vocabulary.js';
import { buildBom } from './transport.bom.js';
import { parseCapacity } from './transport.capacity.js';
import { disjointPathPair, type GraphEdge, type GraphPath, reachableFrom, shortestPath } from './transport.graph.js';
import { chooseSpanOptics, COHERENT_OPTICS, GREY_OPTICS, LINE_DB_PER_KM, PLANNING } from './transport.optics.js';
import { type CityRow, listCities, listProviders, listRoutes, type RouteRow } from './transport.repository.js';
import { attenuationBand } from '../../../../shared/facts/fibre-attenuation.facts.js';
import { fold, formFactorNotes, productsByStandard } from './transport.products.js';
import { waterCrossingOf } from './water-crossings.facts.js';

const ALL_STANDARDS = [...GREY_OPTICS, ...COHERENT_OPTICS].map((o) => o.standard);

function resolveCity(cities: readonly CityRow[], field: 'from' | 'to', ref: string): CityRow {
  const key = fold(ref);
  const city = cities.find((c) => c.id === key || fold(c.name) === key);
  if (!city) throw new NotFoundError(`body/${field}: no city "${ref}"; cities: ${cities.map((c) => c.id).join(', ')}`);
  return city;
}

function usableRoutes(routes: readonly RouteRow[], preferences: NonNullable<TransportPlanRequest['preferences']>, providerIds: readonly string[]): RouteRow[] {
  const avoid = new Set(preferences.avoid_providers ?? []);
  const unknown = [...avoid].filter((id) => !providerIds.includes(id));
  if (unknown.length > 0)
    throw new InvalidError(`body/preferences/avoid_providers: unknown provider(s) ${unknown.join(', ')}; providers: ${providerIds.join(', ')}`);
  return routes.filter((r) => !(r.provider_id !== null && avoid.has(r.provider_id)) && !(preferences.avoid_estimated === true && r.is_estimated === 1));
}

/** GET /api/transport/network: what the planner plans over, for the map and the city pickers. */
/** A route's fibre provider as the network and the plan both show it (its id stands in for a missing name). */
function providerOf(route: RouteRow): TransportSpan['provider'] {
  return route.provider_id === null ? null : { id: route.provider_id, name: route.provider_name ?? route.provider_id };
}

export async function transportNetwork(db: AppDatabase): Promise<TransportNetwork> {
  const [cities, routes, providers] = [await listCities(db), await listRoutes(db), await listProviders(db)];
  return {
    cities,
    routes: routes.map((r) => ({
      id: r.id,
      from: r.city_a,
      to: r.city_b,
      km: r.route_km,
      provider: providerOf(r),
      estimated: r.is_estimated === 1,
    })),
    providers: providers.map((p) => ({ ...p, is_demo: p.is_demo === 1 })),
  };
}

export interface PlanInput {
  db: AppDatabase;
  request: TransportPlanRequest;
}

/** POST /api/transport/plan: paths, optics per span, budgets and the bill of materials (docs/sales-transport.md). */
export async function planTransport({ db, request }: PlanInput): Promise<TransportPlan> {
  const capacity = parseCapacity(request.capacity);
  const protection = request.protection ?? 'none';
  const currency = request.currency ?? 'GBP';
  const preferences = request.preferences ?? {};
  const cities = await listCities(db);
  const from = resolveCity(cities, 'from', request.from);
  const to = resolveCity(cities, 'to', request.to);
  if (from.id === to.id) throw new InvalidError(`body/to must differ from body/from (both are ${from.id})`);
  const allRoutes = await listRoutes(db);
  const routes = usableRoutes(
    allRoutes,
    preferences,
    (await listProviders(db)).map((p) => p.id),
  );
  const byId = new Map(routes.map((r) => [r.id, r]));
  const edges: GraphEdge[] = routes.map((r) => ({ id: r.id, a: r.city_a, b: r.city_b, km: r.route_km }));
  const paths = findPaths(edges, from, to, protection, routes.length < allRoutes.length ? ' with the routes the preferences allow' : '');

  const products = productsByStandard(await operatorOffersByStandard(db, ALL_STANDARDS, currency), preferences.coding, preferences.form_factor);
  const sellable = new Set(products.keys());
  const toSpans = (path: GraphPath): TransportSpan[] =>
    path.steps.map((step) => {
      const route = byId.get(step.edge.id)!;
      const crossing = waterCrossingOf(route.city_a, route.city_b);
      const choice = chooseSpanOptics({
        spanKm: route.route_km,
        count: capacity.count,
        speedGbps: capacity.speed_gbps,
        preferCoherent: preferences.prefer_coherent === true,
        sellable,
        crossesWater: crossing !== undefined,
      });
      if (!choice)
        throw new UnprocessableError(`no optic in the operator catalogue serves ${capacity.speed} over ${route.route_km} km (${step.from}–${step.to})`);
      const product = products.get(choice.optic.standard)!;
      return {
        route_id: route.id,
        from: step.from,
        to: step.to,
        km: route.route_km,
        fiber_type: route.fiber_type,
        provider: providerOf(route),
        estimated: route.is_estimated === 1,
        water_crossing: crossing === undefined ? null : { water: crossing.water, wet_km_estimate: crossing.wetKmEstimate },
        carriage: choice.carriage,
        leased_circuits: choice.leasedCircuits,
        optic: {
          standard: choice.optic.standard,
          kind: choice.optic.kind,
          transceiver_id: product.id,
          part_number: product.part_number,
          name: product.name,
          form_factor: product.form_factor,
          platform_coding: product.platform_coding,
          unit_price: product.price,
          price_demo: product.price !== null && isDemoPriceSource(product.price_source),
        },
        wavelengths: choice.wavelengths,
        modules: choice.modules,
        amplified: choice.amplified,
        sections: choice.sections,
        inline_amplifier_sites: choice.inlineAmplifierSites,
        regeneration_sites: choice.regenerationSites,
        budget: choice.budget,
      };
    });
  const planned = paths.map((path, i) => ({
    role: i === 0 ? ('working' as const) : ('protection' as const),
    km: Math.round(path.km * 10) / 10,
    cities: [from.id, ...path.steps.map((s) => s.to)],
    spans: toSpans(path),
  }));
  const spans = planned.flatMap((p) => p.spans);
  const cityName = (id: string): string => cities.find((c) => c.id === id)?.name ?? id;
  return {
    from,
    to,
    capacity,
    protection,
    currency,
    paths: planned,
    bom: buildBom(spans, cityName),
    assumptions: {
      fiber_loss_1310_db_per_km: attenuationBand('SMF', 1310).dbPerKm,
      fiber_loss_1550_db_per_km: LINE_DB_PER_KM,
      connector_loss_db: PLANNING.connectorLossDb,
      connectors_per_section: PLANNING.connectorsPerSection,
      splice_loss_db: PLANNING.spliceLossDb,
      splice_spacing_km: PLANNING.spliceSpacingKm,
      required_margin_db: PLANNING.requiredMarginDb,
      amplifier_launch_dbm: PLANNING.amplifierLaunchDbm,
      amplifier_min_input_dbm: PLANNING.amplifierMinInputDbm,
      max_amplifier_spacing_km: PLANNING.maxAmplifierSpacingKm,
      coherent_wavelength_gbps: PLANNING.coherentWavelengthGbps,
    },
    notes: [...planNotes(spans, currency, cityName), ...formFactorNotes(spans, preferences.form_factor)],
  };
}

function findPaths(edges: readonly GraphEdge[], from: CityRow, to: CityRow, protection: 'none' | '1+1', restriction: string): GraphPath[] {
  if (!reachableFrom(edges, from.id).has(to.id)) throw new UnprocessableError(`no fibre path from ${from.name} to ${to.name}${restriction}`);
  if (protection === 'none') return [shortestPath(edges, from.id, to.id)!];
  const pair = disjointPathPair(edges, from.id, to.id);
  if (!pair) {
    throw new UnprocessableError(
      `no diverse path from ${from.name} to ${to.name}: every path shares at least one fibre route, so 1+1 protection is impossible${restriction}`,
    );
  }
  return pair;
}

function planNotes(spans: readonly TransportSpan[], currency: string, cityName: (id: string) => string): string[] {
  const notes: string[] = [];
  const estimated = [...new Set(spans.filter((s) => s.estimated).map((s) => `${s.from}–${s.to}`))];
  if (estimated.length > 0) notes.push(`Estimated routes (great circle x 1.3, provider to be sourced): ${estimated.join(', ')}`);
  const unpriced = [...new Set(spans.filter((s) => s.optic.unit_price === null).map((s) => s.optic.part_number))];
  if (unpriced.length > 0) notes.push(`No operator price in ${currency} for ${unpriced.join(', ')}: to be quoted`);
  if (spans.some((s) => s.regeneration_sites > 0))
    notes.push("Spans longer than the optic's amplified reach are regenerated: two modules per wavelength at each regeneration site");
  const leased = [
    ...new Set(spans.filter((s) => s.carriage === 'leased_wavelength').map((s) => `${cityName(s.from)}–${cityName(s.to)} (${s.water_crossing!.water})`)),
  ];
  if (leased.length > 0)
    notes.push(
      `Routes across water too long for an unrepeatered span are leased subsea wavelengths, handed off on grey optics at each end, with no amplifier at sea: ${leased.join(', ')}`,
    );
  if (spans.some((s) => s.amplified))
    notes.push('Amplified spans need a DWDM line system (terminals and in-line amplifiers), quoted separately; the budget shows one amplifier section');
  return notes;
}
