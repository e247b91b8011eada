import { createPrng } from '../../scripts/seed-builder/prng.js';
import { FX, LAN_WDM } from './catalogue-fixtures.js';

/**
 * Generated demo transceivers for benchmarks and tests that need many rows: real module types with their published
 * reaches and wavelengths (the 1.6T DR8 per IEEE 802.3dj), numbered part numbers, and the fixture vendors of
 * catalogue-fixtures.ts (insertReferenceData must run first). Deterministic: the same start gives the same rows.
 */
interface Template {
  ff: string;
  speed: number;
  fiber: string;
  wdm: string;
  wl: number[];
  reach: number;
  label: string;
  standard?: string;
  name: string;
}

const TEMPLATES: Template[] = [
  { ff: 'SFP+', speed: 10, fiber: 'SMF', wdm: 'none', wl: [1310], reach: 10000, label: '10km', standard: '10GBASE-LR', name: '10G SFP+ LR' },
  { ff: 'SFP+', speed: 10, fiber: 'SMF', wdm: 'CWDM', wl: [1470], reach: 40000, label: '40km', name: '10G SFP+ CWDM 1470nm' },
  { ff: 'SFP28', speed: 25, fiber: 'MMF', wdm: 'none', wl: [850], reach: 100, label: '100m OM4', name: '25G SFP28 SR' },
  { ff: 'SFP28', speed: 25, fiber: 'SMF', wdm: 'none', wl: [1310], reach: 10000, label: '10km', name: '25G SFP28 LR' },
  { ff: 'QSFP28', speed: 100, fiber: 'MMF', wdm: 'none', wl: [850], reach: 100, label: '100m OM4', standard: '100GBASE-SR4', name: '100G QSFP28 SR4' },
  { ff: 'QSFP28', speed: 100, fiber: 'SMF', wdm: 'LWDM', wl: LAN_WDM, reach: 10000, label: '10km', standard: '100GBASE-LR4', name: '100G QSFP28 LR4' },
  { ff: 'QSFP28', speed: 100, fiber: 'SMF', wdm: 'CWDM', wl: [1271, 1291, 1311, 1331], reach: 2000, label: '2km', name: '100G QSFP28 CWDM4' },
  { ff: 'OSFP224', speed: 1600, fiber: 'SMF', wdm: 'PSM', wl: [1311], reach: 500, label: '500m', name: '1.6T OSFP224 DR8' },
];
const CONFIDENCE = ['vendor_verified', 'enriched_estimated', 'scraped_unverified'];
const VENDORS = [FX.operator, FX.shopA, FX.shopB, FX.oem];

/** `count` import records (JSON objects for POST /api/import/transceivers), numbered from `startAt`. */
export function generateTransceivers(count: number, startAt: number): object[] {
  const random = createPrng(20_261_122 + startAt).next;
  return Array.from({ length: count }, (_, k) => {
    const i = startAt + k;
    const t = TEMPLATES[Math.floor(random() * TEMPLATES.length)]!;
    // One in twenty scraped records states no reach: reach 0 with an empty label, as shops publish them.
    const unknownReach = random() < 0.05;
    return {
      vendor_id: VENDORS[i % VENDORS.length],
      part_number: `BX-${t.ff.replace(/\W/g, '')}-${t.speed}-${String(i).padStart(6, '0')}`,
      name: `${t.name} #${i}`,
      form_factor: t.ff,
      speed_gbps: t.speed,
      fiber_type: t.fiber,
      wdm_type: t.wdm,
      wavelengths: t.wl,
      reach_meters: unknownReach ? 0 : t.reach,
      reach_label: unknownReach ? '' : t.label,
      data_confidence: CONFIDENCE[Math.floor(random() * CONFIDENCE.length)],
      ...(t.standard ? { standard: t.standard } : {}),
    };
  });
}

/** One 100GBASE-LR4 import record (QSFP28, LAN-WDM, 10 km, scraped): the product a test adds, renames or deletes. */
export function lr4ImportRecord(vendorId: string, partNumber: string, name: string) {
  return {
    vendor_id: vendorId,
    part_number: partNumber,
    name,
    form_factor: 'QSFP28',
    speed_gbps: 100,
    fiber_type: 'SMF',
    wdm_type: 'LWDM',
    wavelengths: LAN_WDM,
    reach_meters: 10000,
    reach_label: '10km',
    standard: '100GBASE-LR4',
    data_confidence: 'scraped_unverified',
  };
}
