import { modulePowerClass } from '../../../src/shared/facts/module-power.facts.js';
import { describe, expect, it } from 'vitest';
import { greatCircleKm } from '../../../scripts/seed-builder/dataset.builder.js';
import { velocityClassOf } from '../../../src/service/features/seed/seed.tables.js';
import { REACH_CLASSES } from '../../../src/shared/vocabulary/reach-class.vocabulary.js';
import { byKey, loadCommittedDataset, numbers, type TableRow } from './seed-test-data.js';

const data = loadCommittedDataset();
const standards = byKey(data.standards, 'name');
const vendors = byKey(data.vendors, 'id');
const transceivers = byKey(data.transceivers, 'id');
const MEDIUM_FIBER: Record<string, string> = { multimode: 'MMF', 'single-mode': 'SMF', copper: 'copper' };

function sorted(values: number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

describe('catalogue data set: its documented sizes', () => {
  it('has the documented counts', () => {
    expect(data.transceivers).toHaveLength(1168);
    expect(data.standards).toHaveLength(86);
    expect(data.form_factors).toHaveLength(20);
    expect(data.switches.length).toBeGreaterThanOrEqual(40);
    expect(data.cities).toHaveLength(25);
    expect(data.fiber_providers).toHaveLength(15);
    expect(data.fiber_routes.filter((r) => r.is_estimated === 0)).toHaveLength(16);
    expect(data.fiber_routes.filter((r) => r.is_estimated === 1)).toHaveLength(29);
    expect(data.internal_demand).toHaveLength(8585);
    expect(data.internal_demand.filter((d) => d.transceiver_id !== null)).toHaveLength(279);
    expect(data.internal_demand.filter((d) => d.has_demand_data === 1)).toHaveLength(1288);
  });
});

describe('transceivers', () => {
  it('agree with their standard (speed, lanes, modulation, fibre type, wavelengths)', () => {
    for (const t of data.transceivers) {
      const s = standards.get(String(t.standard));
      expect(s, String(t.slug)).toBeDefined();
      expect(t.speed_gbps, String(t.slug)).toBe(s!.speed_gbps);
      expect(t.lanes, String(t.slug)).toBe(s!.lanes);
      expect(t.modulation, String(t.slug)).toBe(s!.modulation);
      expect(t.fiber_type, String(t.slug)).toBe(MEDIUM_FIBER[String(s!.medium)]);
      // BiDi ends list their transmit wavelength first; the set is the standard's.
      expect(sorted(numbers(t.wavelengths)), String(t.slug)).toEqual(sorted(numbers(s!.wavelengths)));
    }
  });

  it('carry 1600 for 1.6T and plausible power per class', () => {
    expect(data.transceivers.filter((t) => t.form_factor === 'OSFP224').every((t) => t.speed_gbps === 1600)).toBe(true);
    for (const t of data.transceivers.filter((row) => row.power_w !== null)) {
      const power = Number(t.power_w);
      const speed = Number(t.speed_gbps);
      if (t.connector === 'direct-attach') expect(power, String(t.slug)).toBeLessThan(0.5);
      else if (speed <= 25) expect(power, String(t.slug)).toBeLessThanOrEqual(4);
      else if (speed >= 800) expect(power, String(t.slug)).toBeGreaterThan(10);
    }
  });

  it('draw power within the datasheet range of their module class (QSFP112 SR4 7-8 W, 400ZR 17-20 W, 800G SR8 12-14 W)', () => {
    let checked = 0;
    for (const t of data.transceivers.filter((row) => row.power_w !== null)) {
      const cls = modulePowerClass(String(t.standard), String(t.form_factor));
      if (cls === undefined) continue;
      checked++;
      expect(Number(t.power_w), `${String(t.slug)} (${cls.standard} ${cls.formFactor})`).toBeGreaterThanOrEqual(cls.rangeW[0]);
      expect(Number(t.power_w), `${String(t.slug)} (${cls.standard} ${cls.formFactor})`).toBeLessThanOrEqual(cls.rangeW[1]);
      if (t.vendor_id === 'operator') expect(Number(t.power_w), String(t.slug)).toBe(cls.typicalW);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('mark missing details honestly: empty reach labels exist only on unverified or estimated rows', () => {
    const unverified = data.transceivers.filter((t) => t.reach_label === '');
    expect(unverified.length).toBeGreaterThan(20);
    for (const t of unverified) expect(['scraped_unverified', 'enriched_estimated']).toContain(t.data_confidence);
    expect(data.transceivers.some((t) => t.reach_meters === 0)).toBe(true);
  });

  it('have unique slugs and part numbers without a brand, and demo URLs for the fictional shops', () => {
    expect(new Set(data.transceivers.map((t) => t.slug)).size).toBe(1168);
    const brand = String(vendors.get('operator')!.name).toLowerCase();
    for (const t of data.transceivers) {
      expect(String(t.part_number).toLowerCase()).not.toContain(brand.split(' ')[0]);
      const v = vendors.get(String(t.vendor_id))!;
      expect(['operator', 'competitor']).toContain(v.kind);
      expect(new URL(String(t.product_page_url)).hostname.endsWith('.example')).toBe(true);
      if (t.image_url !== null) expect(new URL(String(t.image_url)).hostname.endsWith('.example')).toBe(true);
    }
  });

  it('include operator products coded for several equipment makers', () => {
    const codings = new Set(data.transceivers.filter((t) => t.vendor_id === 'operator').map((t) => t.platform_coding));
    for (const c of ['Cisco', 'Juniper', 'Arista', 'HPE Aruba', 'Dell', 'Nokia', 'Huawei', 'NVIDIA', 'Extreme', 'MSA generic']) expect(codings).toContain(c);
  });
});

describe('vendors', () => {
  it('competitor shops are fictional demo shops on reserved domains; equipment makers are not shops', () => {
    for (const v of data.vendors.filter((row) => row.kind === 'competitor')) {
      expect(v.is_demo).toBe(1);
      expect(String(v.name)).toContain('(demo)');
      expect(new URL(String(v.website)).hostname.endsWith('.example')).toBe(true);
    }
    const oems = new Set(data.vendors.filter((v) => v.kind === 'oem').map((v) => v.id));
    expect(data.price_observations.some((p) => oems.has(p.vendor_id))).toBe(false);
    expect(data.transceivers.some((t) => oems.has(t.vendor_id))).toBe(false);
  });
});

describe('prices', () => {
  const latestUsd = (pick: (t: TableRow) => boolean) =>
    data.price_observations.filter((p) => p.currency === 'USD' && pick(transceivers.get(String(p.transceiver_id))!)).map((p) => Number(p.price));

  it('cover about 70 % of products over twelve months, only in GBP and USD, labelled as seed', () => {
    const priced = new Set(data.price_observations.map((p) => p.transceiver_id));
    expect(priced.size / 1168).toBeGreaterThan(0.64);
    expect(priced.size / 1168).toBeLessThan(0.76);
    expect(new Set(data.price_observations.map((p) => p.currency))).toEqual(new Set(['GBP', 'USD']));
    expect(data.price_observations.every((p) => p.source === 'seed')).toBe(true);
    const times = data.price_observations.map((p) => Date.parse(String(p.observed_at)));
    const spanDays = (Math.max(...times) - Math.min(...times)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(350);
    expect(spanDays).toBeLessThanOrEqual(366);
  });

  it('are believable per speed class', () => {
    const inRange = (values: number[], lo: number, hi: number) => values.length > 0 && values.every((v) => v >= lo && v <= hi);
    expect(
      inRange(
        latestUsd((t) => t.standard === '10GBASE-SR' && t.form_factor === 'SFP+'),
        12,
        45,
      ),
    ).toBe(true);
    expect(
      inRange(
        latestUsd((t) => t.standard === '100GBASE-LR4' && t.form_factor === 'QSFP28'),
        200,
        600,
      ),
    ).toBe(true);
    expect(
      inRange(
        latestUsd((t) => t.standard === '400GBASE-DR4'),
        450,
        1200,
      ),
    ).toBe(true);
    expect(
      inRange(
        latestUsd((t) => t.speed_gbps === 800 && t.connector !== 'direct-attach'),
        700,
        2500,
      ),
    ).toBe(true);
  });

  it('record every change between consecutive observations as a price_changes row', () => {
    const series = new Map<string, TableRow[]>();
    for (const p of data.price_observations) {
      const key = `${p.transceiver_id}|${p.vendor_id}|${p.currency}`;
      series.set(key, [...(series.get(key) ?? []), p]);
    }
    const expected: string[] = [];
    for (const [key, rows] of series) {
      rows.sort((a, b) => String(a.observed_at).localeCompare(String(b.observed_at)));
      for (let i = 1; i < rows.length; i++) {
        if (rows[i]!.price !== rows[i - 1]!.price) expected.push(`${key}|${rows[i - 1]!.price}|${rows[i]!.price}|${rows[i]!.observed_at}`);
      }
    }
    const actual = data.price_changes.map((c) => `${c.transceiver_id}|${c.vendor_id}|${c.currency}|${c.old_price}|${c.new_price}|${c.changed_at}`);
    expect(actual.length).toBeGreaterThan(100);
    expect(new Set(actual)).toEqual(new Set(expected));
    for (const c of data.price_changes) {
      expect(Number(c.change_pct)).toBeCloseTo(((Number(c.new_price) - Number(c.old_price)) / Number(c.old_price)) * 100, 1);
    }
  });

  it('match comparable products by form factor, speed, fibre, wavelengths and reach class (0 = absent), the service rule', () => {
    expect(data.comparable_prices.length).toBeGreaterThan(200);
    const known = (r: unknown) => r !== null && Number(r) > 0;
    for (const c of data.comparable_prices) {
      const op = transceivers.get(String(c.operator_transceiver_id))!;
      const comp = transceivers.get(String(c.competitor_transceiver_id))!;
      expect(op.vendor_id).toBe('operator');
      expect([c.comp_form_factor, c.comp_speed_gbps, c.comp_fiber_type, c.comp_wavelengths, c.comp_reach_meters, c.comp_reach_label]).toEqual([
        comp.form_factor,
        comp.speed_gbps,
        comp.fiber_type,
        comp.wavelengths,
        comp.reach_meters,
        comp.reach_label,
      ]);
      expect([op.form_factor, op.speed_gbps, op.fiber_type, op.wavelengths]).toEqual([
        c.comp_form_factor,
        c.comp_speed_gbps,
        c.comp_fiber_type,
        c.comp_wavelengths,
      ]);
      const effective = (t: TableRow) =>
        known(t.reach_meters)
          ? Number(t.reach_meters)
          : known(standards.get(String(t.standard))?.reach_meters)
            ? Number(standards.get(String(t.standard))!.reach_meters)
            : null;
      const classOf = (m: number | null) => (m === null ? null : REACH_CLASSES.findIndex((rc) => rc.upToMeters === null || m <= rc.upToMeters));
      const [a, b] = [classOf(effective(op)), classOf(effective(comp))];
      if (a !== null && b !== null) expect(a, `${String(op.slug)} / ${String(comp.slug)}`).toBe(b);
    }
    expect(data.comparable_prices.some((c) => c.comp_reach_meters === 0 || c.comp_reach_meters === null)).toBe(true);
  });

  it('has a handful of competitor alerts of each kind, pointing at competitor products', () => {
    expect(data.competitor_alerts.length).toBeGreaterThanOrEqual(5);
    expect(new Set(data.competitor_alerts.map((a) => a.kind))).toEqual(new Set(['price_change', 'new_product', 'stock_change']));
    for (const a of data.competitor_alerts) expect(vendors.get(String(a.vendor_id))!.kind).toBe('competitor');
  });
});

describe('switches', () => {
  const layout = (model: string) =>
    data.switch_port_groups
      .filter((g) => g.switch_id === data.switches.find((s) => s.model === model)!.id)
      .map((g) => `${g.port_count}x${g.form_factor}@${g.max_speed_gbps}`);

  it('have their published port layouts', () => {
    expect(layout('Nexus 93180YC-FX')).toEqual(['48xSFP28@25', '6xQSFP28@100']);
    expect(layout('7050CX3-32S')).toEqual(['32xQSFP28@100', '2xSFP+@10']);
    expect(layout('QFX5120-48Y')).toEqual(['48xSFP28@25', '8xQSFP28@100']);
    expect(layout('SN2700')).toEqual(['32xQSFP28@100']);
    expect(layout('SN5600')).toEqual(['64xOSFP@800']);
    expect(layout('Nexus 9364D-GX2A')).toEqual(['64xQSFP-DD@400', '2xSFP+@10']);
    expect(layout('7220 IXR-D3')).toEqual(['32xQSFP28@100', '2xSFP+@10']);
  });

  it('use only known form factors and belong to equipment makers', () => {
    const ffs = new Set(data.form_factors.map((f) => f.name));
    for (const g of data.switch_port_groups) expect(ffs).toContain(g.form_factor);
    for (const s of data.switches) expect(vendors.get(String(s.vendor_id))!.kind).toBe('oem');
  });
});

describe('transport and demand data', () => {
  it('places the cities correctly and makes every route at least as long as the great circle', () => {
    const cities = byKey(data.cities, 'id');
    expect([cities.get('frankfurt')!.lat, cities.get('frankfurt')!.lon]).toEqual([50.1109, 8.6821]);
    expect([cities.get('london')!.lat, cities.get('london')!.lon]).toEqual([51.5074, -0.1278]);
    for (const c of data.cities) {
      expect(Number(c.lat)).toBeGreaterThan(35);
      expect(Number(c.lat)).toBeLessThan(71);
    }
    for (const r of data.fiber_routes) {
      const a = cities.get(String(r.city_a))!;
      const b = cities.get(String(r.city_b))!;
      expect(Number(r.route_km)).toBeGreaterThanOrEqual(greatCircleKm({ lat: Number(a.lat), lon: Number(a.lon) }, { lat: Number(b.lat), lon: Number(b.lon) }));
    }
    expect(data.fiber_providers.every((p) => p.is_demo === 1)).toBe(true);
  });

  it('classifies velocity from the 365-day run rate and links only operator products', () => {
    for (const d of data.internal_demand) {
      expect(d.velocity_class).toBe(velocityClassOf(d.has_demand_data === 1 ? Number(d.run_rate_365d) : null));
      if (d.transceiver_id !== null) expect(transceivers.get(String(d.transceiver_id))!.vendor_id).toBe('operator');
    }
    expect(new Set(data.internal_demand.map((d) => d.velocity_class))).toEqual(new Set(['fast', 'medium', 'slow', 'non-moving', 'unknown']));
    expect(data.internal_demand.some((d) => d.is_internal === 1)).toBe(true);
    expect(data.internal_demand.some((d) => d.is_internal === 0)).toBe(true);
  });
});
