import type { Dataset, Row } from './dataset.types.js';
import { generateDemand } from './demand.generator.js';
import type { StandardFact } from './fact.types.js';
import { FORM_FACTORS } from './form-factors.facts.js';
import { CITIES, ESTIMATED_ROUTE_FACTOR, ESTIMATED_ROUTE_PAIRS, FIBER_PROVIDERS, FIBER_ROUTE_PAIRS } from './geo.facts.js';
import { slugify, uuidV5 } from './ids.js';
import { generateMatching } from './matching.generator.js';
import { generatePrices } from './prices.generator.js';
import { createPrng, type Prng, round } from './prng.js';
import { STANDARDS_1G_TO_50G } from './standards-1g-50g.facts.js';
import { STANDARDS_40G_100G } from './standards-40g-100g.facts.js';
import { STANDARDS_200G_PLUS } from './standards-200g-plus.facts.js';
import { STANDARDS_AMENDMENTS } from './standards-amendments.facts.js';
import { STANDARDS_PON_COHERENT } from './standards-pon-coherent.facts.js';
import { SWITCHES } from './switches.facts.js';
import { generateTransceivers } from './transceivers.generator.js';
import { COMPETITORS, OEMS, OPERATOR, type VendorFact } from './vendors.facts.js';

/** Bump when the content changes on purpose; the manifest hash changes with any byte anyway. */
export const DATASET_VERSION = '1.1.0';
/** The fixed reference day of every generated time (the loader may shift it to "today", see README). */
export const AS_OF = '2026-11-01';
const SEED = 'transceiver-intelligence/catalogue/v1';
/** Who generated the rows, as the products' `generator` column says. */
export const GENERATOR = `scripts/seed-builder (catalogue data set ${DATASET_VERSION})`;

export const ALL_STANDARDS: StandardFact[] = [
  ...STANDARDS_1G_TO_50G,
  ...STANDARDS_40G_100G,
  ...STANDARDS_200G_PLUS,
  ...STANDARDS_PON_COHERENT,
  ...STANDARDS_AMENDMENTS,
];

function vendorRow(v: VendorFact): Row {
  return {
    id: v.id,
    name: v.name,
    kind: v.kind,
    country: v.country,
    website: v.website,
    is_demo: v.isDemo ? 1 : 0,
    scrape_interval_hours: v.scrapeIntervalHours,
    notes: v.notes,
  };
}

function standardRow(s: StandardFact): Row {
  return {
    name: s.name,
    category: s.category,
    speed_gbps: s.speedGbps,
    lanes: s.lanes,
    modulation: s.modulation,
    medium: s.medium,
    reach_meters: s.reachM,
    reach_label: s.reachLabel,
    wavelengths: JSON.stringify(s.wavelengths),
    fiber_count: s.fiberCount,
    connector: s.connector,
    body: s.body,
    year: s.year,
    description_en: s.en,
    description_de: s.de,
  };
}

function switchRows(): { switches: Row[]; groups: Row[] } {
  const switches: Row[] = [];
  const groups: Row[] = [];
  for (const sw of SWITCHES) {
    const slug = slugify(`${sw.vendor}-${sw.model}`);
    const id = uuidV5(`switch:${slug}`);
    const layout = sw.ports.map((g) => `${g.count} x ${g.formFactor} (${g.speeds.join('/')}G)`).join(' + ');
    switches.push({
      id,
      slug,
      vendor_id: sw.vendor,
      model: sw.model,
      series: sw.series,
      role: sw.role,
      asic: sw.asic,
      released_year: sw.year,
      product_page_url: null,
      description: sw.note ? `${layout}. ${sw.note}` : `${layout}.`,
    });
    for (const g of sw.ports) {
      groups.push({
        id: groups.length + 1,
        switch_id: id,
        port_count: g.count,
        form_factor: g.formFactor,
        speeds_gbps: JSON.stringify(g.speeds),
        max_speed_gbps: Math.max(...g.speeds),
        role: g.role,
      });
    }
  }
  return { switches, groups };
}

/** Great-circle distance in km (haversine, mean Earth radius). */
export function greatCircleKm(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

function routeRows(prng: Prng): Row[] {
  const city = new Map(CITIES.map((c) => [c.id, c]));
  const provider = FIBER_ROUTE_PAIRS.map((pair, i) => {
    // Fibre follows roads and rail: typically 15-45 % longer than the straight line (demo values).
    const km = greatCircleKm(city.get(pair.a)!, city.get(pair.b)!) * prng.float(1.15, 1.45);
    return { id: i + 1, city_a: pair.a, city_b: pair.b, provider_id: pair.provider, route_km: round(km, 1), fiber_type: 'G.652.D', is_estimated: 0 };
  });
  // Estimates draw nothing from the PRNG, so the provider routes above keep their lengths.
  const estimated = ESTIMATED_ROUTE_PAIRS.map((pair, i) => {
    const km = greatCircleKm(city.get(pair.a)!, city.get(pair.b)!) * ESTIMATED_ROUTE_FACTOR;
    return { id: provider.length + i + 1, city_a: pair.a, city_b: pair.b, provider_id: null, route_km: round(km, 1), fiber_type: 'G.652.D', is_estimated: 1 };
  });
  return [...provider, ...estimated];
}

export function buildDataset(): Dataset {
  const root = createPrng(SEED);
  const asOf = new Date(`${AS_OF}T00:00:00.000Z`);
  const standards = new Map(ALL_STANDARDS.map((s) => [s.name, s]));
  const products = generateTransceivers({ standards, asOf, prng: root.fork('transceivers') });
  const prices = generatePrices(root.fork('prices'), products, asOf);
  const matching = generateMatching(products, prices, asOf, standards);
  const { switches, groups } = switchRows();
  return {
    vendors: [OPERATOR, ...OEMS, ...COMPETITORS].map(vendorRow),
    standards: ALL_STANDARDS.map(standardRow),
    form_factors: FORM_FACTORS.map((f) => ({
      name: f.name,
      full_name: f.fullName,
      speed: f.speed,
      max_speed_gbps: f.maxSpeedGbps,
      channels: f.channels,
      status: f.status,
      supersedes: f.supersedes,
      introduced_year: f.introducedYear,
      description_en: f.en,
      description_de: f.de,
    })),
    // Row-level provenance: every product of this data set is a generated demo row (see README, Demo labelling).
    transceivers: products.map((p) => ({ ...p.row, origin: 'seed', generator: GENERATOR, generated_on: AS_OF })),
    operator_product_map: matching.map,
    switches,
    switch_port_groups: groups,
    price_observations: prices.observations,
    price_changes: prices.changes,
    comparable_prices: matching.comparables,
    competitor_alerts: matching.alerts,
    internal_demand: generateDemand(root.fork('demand'), products, standards, asOf),
    cities: CITIES.map((c) => ({ id: c.id, name: c.name, country: c.country, lat: c.lat, lon: c.lon })),
    fiber_providers: FIBER_PROVIDERS.map((p) => ({
      id: p.id,
      name: p.name,
      countries: JSON.stringify(p.countries),
      network_type: p.networkType,
      website: `https://${p.id.replace(/-demo$/, '')}.carrier.example`,
      is_demo: 1,
    })),
    fiber_routes: routeRows(root.fork('routes')),
  };
}
