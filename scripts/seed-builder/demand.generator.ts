import { velocityClassOf } from '../../src/service/features/seed/seed.tables.js';
import type { Product, Row } from './dataset.types.js';
import { type Prng, round } from './prng.js';
import { PRODUCT_LINES } from './product-lines.catalogue.js';
import type { StandardFact } from './fact.types.js';
import { CODINGS, type Coding } from './vendors.facts.js';

/** Internal demand figures (spec): SKUs in total, SKUs cross-referenced to catalogue transceivers, SKUs with demand data. */
export const DEMAND_SKUS = 8585;
export const DEMAND_CROSS_REFERENCED = 279;
export const DEMAND_WITH_DATA = 1288;

interface Item {
  description: string;
  transceiverId: string | null;
  formFactor: string | null;
  speed: number | null;
  internal: boolean;
}

const CABLE_LENGTHS = [0.5, 1, 2, 3, 5, 10, 15, 20, 30, 50];

function accessoryItem(prng: Prng): Item {
  const len = prng.pick(CABLE_LENGTHS);
  const kinds: Array<() => Item> = [
    () => ({ description: `LC/UPC-LC/UPC duplex OS2 patch cord ${len} m`, transceiverId: null, formFactor: null, speed: null, internal: false }),
    () => ({ description: `LC/UPC-LC/UPC duplex OM4 patch cord ${len} m`, transceiverId: null, formFactor: null, speed: null, internal: false }),
    () => ({ description: `MPO-12 female-female OM4 trunk, type B, ${len} m`, transceiverId: null, formFactor: null, speed: null, internal: false }),
    () => ({ description: `MPO-16 female-female OS2 APC trunk ${len} m`, transceiverId: null, formFactor: null, speed: null, internal: false }),
    () => ({ description: `LC/UPC fixed attenuator ${prng.pick([3, 5, 7, 10, 15])} dB`, transceiverId: null, formFactor: null, speed: null, internal: false }),
    () => ({ description: `QSFP28 to 4x SFP28 breakout DAC ${Math.min(len, 5)} m`, transceiverId: null, formFactor: 'QSFP28', speed: 100, internal: false }),
    () => ({ description: `QSFP+ to 4x SFP+ breakout DAC ${Math.min(len, 5)} m`, transceiverId: null, formFactor: 'QSFP+', speed: 40, internal: false }),
    () => ({ description: `QSFP28 100G active optical cable ${len} m`, transceiverId: null, formFactor: 'QSFP28', speed: 100, internal: false }),
    () => ({ description: `SFP+ 10G active optical cable ${len} m`, transceiverId: null, formFactor: 'SFP+', speed: 10, internal: false }),
    () => ({ description: `10G DWDM SFP+ C-band channel ${prng.int(17, 61)}, 80 km`, transceiverId: null, formFactor: 'SFP+', speed: 10, internal: false }),
    () => ({
      description: `${prng.pick([4, 8, 16])}-channel CWDM mux/demux, LGX cassette`,
      transceiverId: null,
      formFactor: null,
      speed: null,
      internal: false,
    }),
    () => ({ description: `Fibre cleaning pen, ${prng.pick(['LC', 'SC', 'MPO'])}`, transceiverId: null, formFactor: null, speed: null, internal: true }),
  ];
  return prng.pick(kinds)();
}

function opticVariantItem(prng: Prng, standards: Map<string, StandardFact>): Item {
  const line = prng.pick(PRODUCT_LINES);
  const std = standards.get(line.standard)!;
  const coding: Coding = prng.pick(line.codings);
  const variant = prng.pick([
    { text: 'refurbished', internal: true },
    { text: 'RMA replacement stock', internal: true },
    { text: 'engineering sample', internal: true },
    { text: 'legacy part number', internal: false },
    { text: 'bulk pack of 10', internal: false },
    { text: 'custom label', internal: false },
    { text: 'previous hardware revision', internal: false },
  ]);
  return {
    description: `${line.formFactor} ${std.name} ${line.reachLabel}, ${coding} coding (${CODINGS[coding]}), ${variant.text}`,
    transceiverId: null,
    formFactor: line.formFactor,
    speed: std.speedGbps,
    internal: variant.internal,
  };
}

/** Units per month over 365 days for a row of a given class; the class is then re-derived from the number. */
function runRate365(prng: Prng, cls: string): number {
  if (cls === 'fast') return round(prng.float(50, 420), 1);
  if (cls === 'medium') return round(prng.float(10, 49.9), 1);
  if (cls === 'slow') return round(prng.float(0.1, 9.9), 1);
  return 0;
}

function momentum(prng: Prng, speed: number | null): number {
  if (speed === null) return prng.float(0.85, 1.15);
  if (speed >= 400) return prng.float(1.2, 1.8);
  if (speed >= 100) return prng.float(0.9, 1.3);
  return prng.float(0.7, 1.1);
}

export function generateDemand(prng: Prng, products: Product[], standards: Map<string, StandardFact>, asOf: Date): Row[] {
  const operator = products.filter((p) => p.row.vendor_id === 'operator');
  const linked = prng.shuffle(operator).slice(0, DEMAND_CROSS_REFERENCED);
  const items: Array<Item & { withData: boolean }> = linked.map((p) => ({
    description: p.row.name,
    transceiverId: p.row.id,
    formFactor: p.row.form_factor,
    speed: p.row.speed_gbps,
    internal: false,
    withData: true,
  }));
  while (items.length < DEMAND_SKUS) {
    const item = prng.chance(0.6) ? opticVariantItem(prng, standards) : accessoryItem(prng);
    items.push({ ...item, internal: item.internal || prng.chance(0.2), withData: items.length < DEMAND_WITH_DATA });
  }
  const updatedAt = new Date(asOf.getTime());
  updatedAt.setUTCHours(6, 0, 0, 0);
  // SKU numbers are handed out in shuffled order so that linked, with-data and plain rows are interleaved.
  return prng.shuffle(items).map((item, i) => {
    const base: Row = {
      sku: `DE-${String(100001 + i)}`,
      description: item.description,
      transceiver_id: item.transceiverId,
      form_factor: item.formFactor,
      speed_gbps: item.speed,
      velocity_class: velocityClassOf(null),
      has_demand_data: 0,
      units_12m: null,
      run_rate_30d: null,
      run_rate_90d: null,
      run_rate_365d: null,
      stock_de: prng.chance(0.6) ? 0 : prng.int(1, 80),
      is_internal: item.internal ? 1 : 0,
      updated_at: updatedAt.toISOString(),
    };
    if (!item.withData) return base;
    const roll = prng.next();
    const linkedBoost = item.transceiverId ? 0.12 : 0;
    const cls = roll < 0.08 + linkedBoost ? 'fast' : roll < 0.3 + linkedBoost ? 'medium' : roll < 0.75 ? 'slow' : 'non-moving';
    const rr365 = runRate365(prng, cls);
    const rr90 = round(rr365 * momentum(prng, item.speed), 1);
    const rr30 = round(rr90 * prng.float(0.8, 1.2), 1);
    return {
      ...base,
      velocity_class: velocityClassOf(rr365),
      has_demand_data: 1,
      units_12m: Math.round(rr365 * 12),
      run_rate_30d: rr30,
      run_rate_90d: rr90,
      run_rate_365d: rr365,
      stock_de: rr365 === 0 ? prng.int(0, 40) : Math.round(rr90 * prng.float(0.2, 4)) + prng.int(0, 5),
    };
  });
}
