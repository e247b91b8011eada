import type { AppDatabase } from '../../src/service/db/database.js';
import type { CatalogueTables } from '../../src/service/db/tables/catalogue.tables.js';
import { runImport } from '../../src/service/features/catalogue/import/import.service.js';

/**
 * A small, hand-written catalogue for the catalogue tests, independent of the seed data set. Vendor ids are
 * prefixed "fx-" so the rows never collide with seed rows; form factors and standards are inserted only when
 * missing (the seed may already carry them). The facts are the published ones (IEEE 802.3 clauses, MSA grids).
 */
export const FX = { operator: 'fx-operator', shopA: 'fx-shop-a', shopB: 'fx-shop-b', oem: 'fx-oem' } as const;

/** 100GBASE-LR4 LAN-WDM grid (IEEE 802.3 clause 88), in nm. */
export const LAN_WDM = [1295.56, 1300.05, 1304.58, 1309.14];

type ReferenceTables = Pick<CatalogueTables, 'vendors' | 'form_factors' | 'standards'>;

/** Inserts the fixture vendors, form factors and standards, leaving rows that exist (the seed's) as they are. */
export async function insertReferenceData(db: AppDatabase): Promise<void> {
  const k = db.kysely.withTables<ReferenceTables>();
  await k
    .insertInto('vendors')
    .values([
      { id: FX.operator, name: 'Fixture Optics (operator)', kind: 'operator', is_demo: 1 },
      { id: FX.shopA, name: 'Fixture Shop A', kind: 'competitor', is_demo: 1 },
      { id: FX.shopB, name: 'Fixture Shop B', kind: 'competitor', is_demo: 1 },
      { id: FX.oem, name: 'Fixture Networks', kind: 'oem', is_demo: 1 },
    ])
    .onConflict((oc) => oc.doNothing())
    .execute();
  const ffColumns = [
    'name',
    'full_name',
    'speed',
    'max_speed_gbps',
    'channels',
    'status',
    'supersedes',
    'introduced_year',
    'description_en',
    'description_de',
  ] as const;
  const formFactors: Array<Parameters<typeof row>[1]> = [
    ['SFP+', 'Enhanced Small Form-factor Pluggable', '10G', 10, 1, 'mature', null, 2006, 'Single-lane 10G pluggable.', 'Einkanaliges 10G-Modul.'],
    ['SFP28', 'Small Form-factor Pluggable 28', '25G', 25, 1, 'mainstream', 'SFP+', 2014, 'Single-lane 25G pluggable.', 'Einkanaliges 25G-Modul.'],
    ['QSFP28', 'Quad Small Form-factor Pluggable 28', '100G', 100, 4, 'mainstream', null, 2014, 'Four 25G lanes.', 'Vier 25G-Kanaele.'],
    [
      'OSFP224',
      'Octal Small Form-factor Pluggable, 224G lanes',
      '8x200G',
      1600,
      8,
      'emerging',
      null,
      2024,
      'Eight 200G lanes for 1.6T.',
      'Acht 200G-Kanaele fuer 1,6T.',
    ],
  ];
  await k
    .insertInto('form_factors')
    .values(formFactors.map((cells) => row(ffColumns, cells)) as never)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const stdColumns = [
    'name',
    'category',
    'speed_gbps',
    'lanes',
    'modulation',
    'medium',
    'reach_meters',
    'reach_label',
    'wavelengths',
    'fiber_count',
    'connector',
    'body',
    'year',
    'description_en',
    'description_de',
  ] as const;
  const standards: Array<Parameters<typeof row>[1]> = [
    [
      '10GBASE-LR',
      'ethernet',
      10,
      1,
      'NRZ',
      'single-mode',
      10000,
      '10 km',
      '[1310]',
      2,
      'LC',
      'IEEE 802.3 clause 52',
      2002,
      '10G over single-mode fibre, 10 km.',
      '10G ueber Singlemode-Faser, 10 km.',
    ],
    [
      '100GBASE-SR4',
      'ethernet',
      100,
      4,
      'NRZ',
      'multimode',
      100,
      '100 m (OM4)',
      '[850]',
      8,
      'MPO-12',
      'IEEE 802.3 clause 95',
      2015,
      '100G over four multimode pairs.',
      '100G ueber vier Multimode-Paare.',
    ],
    [
      '100GBASE-LR4',
      'ethernet',
      100,
      4,
      'NRZ',
      'single-mode',
      10000,
      '10 km',
      JSON.stringify(LAN_WDM),
      2,
      'LC',
      'IEEE 802.3 clause 88',
      2010,
      '100G over four LAN-WDM wavelengths, 10 km.',
      '100G ueber vier LAN-WDM-Wellenlaengen, 10 km.',
    ],
  ];
  await k
    .insertInto('standards')
    .values(standards.map((cells) => row(stdColumns, cells)) as never)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function row(columns: readonly string[], cells: Array<string | number | null>): Record<string, string | number | null> {
  return Object.fromEntries(columns.map((column, i) => [column, cells[i] ?? null]));
}

export interface FixtureProduct {
  slug: string;
  vendor_id: string;
  part_number: string;
  name: string;
  form_factor: string;
  speed_gbps: number | string;
  fiber_type: string;
  wdm_type: string;
  data_confidence: string;
  wavelengths?: number[];
  reach_meters?: number | null;
  reach_label?: string;
  standard?: string;
  id?: string;
  image_url?: string;
}

/** A QSFP28 100G single-mode product on the LR4 LAN-WDM grid of `vendor`; `fields` adds reach, standard and the rest. */
export const qsfp28Smf = (slug: string, vendor: string, fields: Partial<FixtureProduct>): FixtureProduct => ({
  slug,
  vendor_id: vendor,
  part_number: slug.toUpperCase(),
  name: `QSFP28 ${slug}`,
  form_factor: 'QSFP28',
  speed_gbps: 100,
  fiber_type: 'SMF',
  wdm_type: 'LWDM',
  data_confidence: 'scraped_unverified',
  wavelengths: LAN_WDM,
  ...fields,
});

/** The fixture products: an operator LR4 with two competitor equivalents (one with reach 0), and distractors. */
export const FIXTURE_PRODUCTS: FixtureProduct[] = [
  {
    slug: 'fx-op-qsfp28-lr4',
    vendor_id: FX.operator,
    part_number: 'FXO-Q28-LR4',
    name: 'Fixture 100G QSFP28 LR4 10km',
    form_factor: 'QSFP28',
    speed_gbps: 100,
    fiber_type: 'SMF',
    wdm_type: 'LWDM',
    data_confidence: 'vendor_verified',
    wavelengths: LAN_WDM,
    reach_meters: 10000,
    reach_label: '10km',
    standard: '100GBASE-LR4',
    image_url: 'https://example.invalid/lr4.png',
  },
  {
    slug: 'fx-a-qsfp28-lr4',
    vendor_id: FX.shopA,
    part_number: 'FXA-100G-LR4',
    name: 'Shop A QSFP28 100GBASE-LR4',
    form_factor: 'QSFP28',
    speed_gbps: 100,
    fiber_type: 'SMF',
    wdm_type: 'LWDM',
    data_confidence: 'scraped_unverified',
    wavelengths: LAN_WDM,
    reach_meters: 10000,
    reach_label: '10km',
    standard: '100GBASE-LR4',
  },
  {
    slug: 'fx-b-qsfp28-lr4',
    vendor_id: FX.shopB,
    part_number: 'FXB-QSFP-LR4',
    name: 'Shop B QSFP28 LR4 (reach not stated)',
    form_factor: 'QSFP28',
    speed_gbps: 100,
    fiber_type: 'SMF',
    wdm_type: 'LWDM',
    data_confidence: 'scraped_unverified',
    wavelengths: LAN_WDM,
    reach_meters: 0,
    reach_label: '',
  },
  {
    slug: 'fx-a-qsfp28-er4l',
    vendor_id: FX.shopA,
    part_number: 'FXA-100G-ER4L',
    name: 'Shop A QSFP28 4WDM-40 (ER4 lite) 40km',
    form_factor: 'QSFP28',
    speed_gbps: 100,
    fiber_type: 'SMF',
    wdm_type: 'LWDM',
    data_confidence: 'enriched_estimated',
    wavelengths: LAN_WDM,
    reach_meters: 40000,
    reach_label: '40km',
  },
  {
    slug: 'fx-a-qsfp28-sr4',
    vendor_id: FX.shopA,
    part_number: 'FXA-100G-SR4',
    name: 'Shop A QSFP28 100GBASE-SR4',
    form_factor: 'QSFP28',
    speed_gbps: 100,
    fiber_type: 'MMF',
    wdm_type: 'none',
    data_confidence: 'enriched_estimated',
    wavelengths: [850],
    reach_meters: 100,
    reach_label: '100m OM4',
    standard: '100GBASE-SR4',
  },
  {
    slug: 'fx-op-sfp28-sr',
    vendor_id: FX.operator,
    part_number: 'FXO-S28-SR',
    name: 'Fixture 25G SFP28 SR 100m',
    form_factor: 'SFP28',
    speed_gbps: 25,
    fiber_type: 'MMF',
    wdm_type: 'none',
    data_confidence: 'vendor_verified',
    wavelengths: [850],
    reach_meters: 100,
    reach_label: '100m OM4',
  },
  {
    slug: 'fx-op-sfpp-lr',
    vendor_id: FX.operator,
    part_number: 'FXO-SPP-LR',
    name: 'Fixture 10G SFP+ LR 10km',
    form_factor: 'SFP+',
    speed_gbps: 10,
    fiber_type: 'SMF',
    wdm_type: 'none',
    data_confidence: 'vendor_verified',
    wavelengths: [1310],
    reach_meters: 10000,
    reach_label: '10km',
    standard: '10GBASE-LR',
  },
  {
    slug: 'fx-op-osfp-16t-dr8',
    vendor_id: FX.operator,
    part_number: 'FXO-OSFP-1T6-DR8',
    name: 'Fixture 1.6T OSFP224 DR8 500m',
    form_factor: 'OSFP224',
    speed_gbps: '1.6T',
    fiber_type: 'SMF',
    wdm_type: 'PSM',
    data_confidence: 'enriched_estimated',
    wavelengths: [1311],
    reach_meters: 500,
    reach_label: '500m',
  },
];

/** Reference data plus the fixture products, the latter through the transceiver import (so it is exercised too). */
export async function insertFixtureCatalogue(db: AppDatabase, products: FixtureProduct[] = FIXTURE_PRODUCTS): Promise<void> {
  await insertReferenceData(db);
  const report = await runImport(db, { kind: 'transceivers', format: 'json', text: JSON.stringify(products), now: Date.now });
  if (!report.committed || report.bad_rows > 0) throw new Error(`fixture import failed: ${JSON.stringify(report.errors)}`);
}
