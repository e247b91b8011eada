import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '../../../scripts/seed-builder/dataset.builder.js';
import { ESTIMATED_ROUTE_FACTOR } from '../../../scripts/seed-builder/geo.facts.js';
import { disjointPathPair, type GraphEdge, reachableFrom, shortestPath } from '../../../src/service/features/sales/transport/transport.graph.js';
import { byKey, loadCommittedDataset } from '../seed/seed-test-data.js';

const data = loadCommittedDataset();
const cities = data.cities.map((c) => String(c.id));
const edges: GraphEdge[] = data.fiber_routes.map((r) => ({ id: Number(r.id), a: String(r.city_a), b: String(r.city_b), km: Number(r.route_km) }));
const SINGLE_HOMED = ['dublin', 'lisbon'];

/** The 16 provider routes exactly as the data set had them before the estimated routes were added. */
const PROVIDER_ROUTES = [
  [1, 'london', 'amsterdam', 'northsea-demo', 414],
  [2, 'london', 'paris', 'eurospan-demo', 487],
  [3, 'london', 'dublin', 'albion-demo', 593.4],
  [4, 'paris', 'frankfurt', 'hexagone-demo', 593.8],
  [5, 'amsterdam', 'frankfurt', 'rheinlicht-demo', 440.4],
  [6, 'amsterdam', 'brussels', 'lowlands-demo', 235],
  [7, 'frankfurt', 'munich', 'metrostrand-demo', 377.9],
  [8, 'frankfurt', 'zurich', 'alpentrasse-demo', 360.3],
  [9, 'hamburg', 'berlin', 'hanse-demo', 329.5],
  [10, 'hamburg', 'copenhagen', 'hanse-demo', 409],
  [11, 'copenhagen', 'stockholm', 'baltic-ring-demo', 623.3],
  [12, 'stockholm', 'oslo', 'fjordnet-demo', 545.4],
  [13, 'munich', 'vienna', 'danubia-demo', 472.7],
  [14, 'berlin', 'warsaw', 'vistula-demo', 613.3],
  [15, 'paris', 'marseille', 'riviera-demo', 884.2],
  [16, 'madrid', 'lisbon', 'iberlux-demo', 629.7],
];

describe('the fibre graph of the data set', () => {
  it('keeps the 16 provider routes as they were', () => {
    const provider = data.fiber_routes.filter((r) => r.is_estimated === 0).map((r) => [r.id, r.city_a, r.city_b, r.provider_id, r.route_km]);
    expect(provider).toEqual(PROVIDER_ROUTES);
  });

  it('labels every added route as estimated, with no provider and great circle x 1.3 km', () => {
    const byCity = byKey(data.cities, 'id');
    const estimated = data.fiber_routes.filter((r) => r.is_estimated === 1);
    expect(estimated.length).toBeGreaterThan(0);
    expect(ESTIMATED_ROUTE_FACTOR).toBe(1.3);
    for (const r of estimated) {
      expect(r.provider_id).toBeNull();
      const [a, b] = [byCity.get(String(r.city_a))!, byCity.get(String(r.city_b))!];
      const gc = greatCircleKm({ lat: Number(a.lat), lon: Number(a.lon) }, { lat: Number(b.lat), lon: Number(b.lon) });
      expect(Number(r.route_km)).toBeCloseTo(gc * 1.3, 1);
    }
    const pairs = data.fiber_routes.map((r) => [r.city_a, r.city_b].sort().join('|'));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('connects every pair of the 25 cities', () => {
    expect(cities).toHaveLength(25);
    expect(reachableFrom(edges, 'london')).toEqual(new Set(cities));
    for (const a of cities) for (const b of cities) if (a < b) expect(shortestPath(edges, a, b), `${a}-${b}`).not.toBeNull();
  });

  it('offers 1+1 protection between every pair except to the single-homed Dublin and Lisbon', () => {
    for (const a of cities) {
      for (const b of cities) {
        if (a >= b) continue;
        const pair = disjointPathPair(edges, a, b);
        if (SINGLE_HOMED.includes(a) || SINGLE_HOMED.includes(b)) expect(pair, `${a}-${b}`).toBeNull();
        else expect(pair, `${a}-${b}`).not.toBeNull();
      }
    }
  });
});
