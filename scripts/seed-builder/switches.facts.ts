import type { PortGroupFact, SwitchFact } from './fact.types.js';

/**
 * Real switch models with their published front-panel cages. Only pluggable cages become port groups (fixed
 * RJ45 ports are mentioned in the note). Release year and ASIC are given only where well documented; null otherwise.
 */
const sfp28 = (count: number, speeds = [1, 10, 25]): PortGroupFact => ({ count, formFactor: 'SFP28', speeds, role: 'downlink' });
const sfpPlus = (count: number, role: PortGroupFact['role'] = 'downlink'): PortGroupFact => ({ count, formFactor: 'SFP+', speeds: [1, 10], role });
const qsfp28 = (count: number, role: PortGroupFact['role'] = 'uplink'): PortGroupFact => ({ count, formFactor: 'QSFP28', speeds: [40, 100], role });
const qsfpDd = (count: number, role: PortGroupFact['role'] = 'fabric'): PortGroupFact => ({ count, formFactor: 'QSFP-DD', speeds: [100, 200, 400], role });
const osfp400 = (count: number): PortGroupFact => ({ count, formFactor: 'OSFP', speeds: [100, 200, 400], role: 'fabric' });
const osfp800 = (count: number): PortGroupFact => ({ count, formFactor: 'OSFP', speeds: [100, 200, 400, 800], role: 'fabric' });
const mgmt = (count: number): PortGroupFact => sfpPlus(count, 'management');

export const SWITCHES: SwitchFact[] = [
  // Cisco
  { vendor: 'cisco', model: 'Nexus 93180YC-EX', series: 'Nexus 9300-EX', role: 'leaf', asic: 'Cisco Cloud Scale', year: 2016, ports: [sfp28(48), qsfp28(6)] },
  { vendor: 'cisco', model: 'Nexus 93180YC-FX', series: 'Nexus 9300-FX', role: 'leaf', asic: 'Cisco Cloud Scale', year: 2017, ports: [sfp28(48), qsfp28(6)] },
  { vendor: 'cisco', model: 'Nexus 93240YC-FX2', series: 'Nexus 9300-FX2', role: 'leaf', asic: 'Cisco Cloud Scale', year: null, ports: [sfp28(48), qsfp28(12)] },
  { vendor: 'cisco', model: 'Nexus 93360YC-FX2', series: 'Nexus 9300-FX2', role: 'leaf', asic: 'Cisco Cloud Scale', year: null, ports: [sfp28(96), qsfp28(12)] },
  { vendor: 'cisco', model: 'Nexus 9336C-FX2', series: 'Nexus 9300-FX2', role: 'spine', asic: 'Cisco Cloud Scale', year: null, ports: [qsfp28(36, 'fabric')] },
  { vendor: 'cisco', model: 'Nexus 9364C', series: 'Nexus 9300', role: 'spine', asic: 'Cisco Cloud Scale', year: null, ports: [qsfp28(64, 'fabric'), mgmt(2)] },
  { vendor: 'cisco', model: 'Nexus 9316D-GX', series: 'Nexus 9300-GX', role: 'spine', asic: 'Cisco Cloud Scale', year: null, ports: [qsfpDd(16)] },
  { vendor: 'cisco', model: 'Nexus 9332D-GX2B', series: 'Nexus 9300-GX2', role: 'spine', asic: 'Cisco Cloud Scale', year: null, ports: [qsfpDd(32), mgmt(2)] },
  { vendor: 'cisco', model: 'Nexus 9364D-GX2A', series: 'Nexus 9300-GX2', role: 'spine', asic: 'Cisco Cloud Scale', year: null, ports: [qsfpDd(64), mgmt(2)] },
  { vendor: 'cisco', model: '8101-32H', series: 'Cisco 8000', role: 'spine', asic: 'Cisco Silicon One', year: null, ports: [qsfp28(32, 'fabric')] },
  { vendor: 'cisco', model: '8201', series: 'Cisco 8000', role: 'core', asic: 'Cisco Silicon One', year: null, ports: [qsfpDd(24), qsfp28(12)] },
  { vendor: 'cisco', model: '8201-32FH', series: 'Cisco 8000', role: 'core', asic: 'Cisco Silicon One', year: null, ports: [qsfpDd(32)] },
  { vendor: 'cisco', model: 'Catalyst 9500-32C', series: 'Catalyst 9500', role: 'core', asic: 'Cisco UADP 3.0', year: null, ports: [qsfp28(32, 'fabric')] },
  { vendor: 'cisco', model: 'Catalyst 9500-48Y4C', series: 'Catalyst 9500', role: 'aggregation', asic: 'Cisco UADP 3.0', year: null, ports: [sfp28(48), qsfp28(4)] },
  { vendor: 'cisco', model: 'Catalyst 9500-24Y4C', series: 'Catalyst 9500', role: 'aggregation', asic: 'Cisco UADP 3.0', year: null, ports: [sfp28(24), qsfp28(4)] },
  {
    vendor: 'cisco', model: 'Catalyst 9300-48UXM + C9300-NM-8X', series: 'Catalyst 9300', role: 'access', asic: 'Cisco UADP 2.0', year: null,
    ports: [sfpPlus(8, 'uplink')],
    note: '48 fixed RJ45 multigigabit UPOE ports (36 x up to 2.5G, 12 x up to 10G); pluggable cages come from the C9300-NM-8X uplink module (8 x 1/10G SFP+).',
  },
  // Arista
  { vendor: 'arista', model: '7050CX3-32S', series: '7050X3', role: 'leaf', asic: 'Broadcom Trident3', year: null, ports: [qsfp28(32, 'fabric'), mgmt(2)] },
  { vendor: 'arista', model: '7050SX3-48YC8', series: '7050X3', role: 'leaf', asic: 'Broadcom Trident3', year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'arista', model: '7280SR3-48YC8', series: '7280R3', role: 'leaf', asic: 'Broadcom Jericho2', year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'arista', model: '7060CX-32S', series: '7060X', role: 'spine', asic: 'Broadcom Tomahawk', year: null, ports: [qsfp28(32, 'fabric'), mgmt(2)] },
  { vendor: 'arista', model: '7060CX2-32S', series: '7060X2', role: 'spine', asic: 'Broadcom Tomahawk+', year: null, ports: [qsfp28(32, 'fabric'), mgmt(2)] },
  { vendor: 'arista', model: '7060DX4-32', series: '7060X4', role: 'spine', asic: 'Broadcom Tomahawk3', year: null, ports: [qsfpDd(32), mgmt(2)] },
  { vendor: 'arista', model: '7060PX4-32', series: '7060X4', role: 'spine', asic: 'Broadcom Tomahawk3', year: null, ports: [osfp400(32), mgmt(2)] },
  { vendor: 'arista', model: '7060DX5-64S', series: '7060X5', role: 'spine', asic: 'Broadcom Tomahawk4', year: null, ports: [qsfpDd(64), mgmt(2)] },
  { vendor: 'arista', model: '7060PX5-64S', series: '7060X5', role: 'spine', asic: 'Broadcom Tomahawk4', year: null, ports: [osfp400(64), mgmt(2)] },
  { vendor: 'arista', model: '7060X6-64PE', series: '7060X6', role: 'spine', asic: 'Broadcom Tomahawk5', year: null, ports: [osfp800(64), mgmt(2)] },
  {
    vendor: 'arista', model: '7800R3-36D-LC', series: '7800R3', role: 'spine', asic: 'Broadcom Jericho2', year: null, ports: [qsfpDd(36)],
    note: 'A line card of the 7800R3 modular chassis, listed for its 36 x 400G QSFP-DD ports.',
  },
  // Juniper
  { vendor: 'juniper', model: 'QFX5120-48Y', series: 'QFX5120', role: 'leaf', asic: 'Broadcom Trident3', year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'juniper', model: 'QFX5110-48S', series: 'QFX5110', role: 'leaf', asic: 'Broadcom Trident2+', year: null, ports: [sfpPlus(48), qsfp28(4)] },
  { vendor: 'juniper', model: 'QFX5220-32CD', series: 'QFX5220', role: 'spine', asic: 'Broadcom Tomahawk3', year: null, ports: [qsfpDd(32), mgmt(2)] },
  { vendor: 'juniper', model: 'QFX5130-32CD', series: 'QFX5130', role: 'spine', asic: 'Broadcom Trident4', year: null, ports: [qsfpDd(32), mgmt(2)] },
  { vendor: 'juniper', model: 'EX4650-48Y', series: 'EX4650', role: 'aggregation', asic: 'Broadcom Trident3', year: null, ports: [sfp28(48), qsfp28(8)] },
  // NVIDIA (Mellanox Spectrum)
  { vendor: 'nvidia', model: 'SN2100', series: 'Spectrum SN2000', role: 'leaf', asic: 'NVIDIA Spectrum', year: null, ports: [qsfp28(16, 'fabric')] },
  { vendor: 'nvidia', model: 'SN2410', series: 'Spectrum SN2000', role: 'leaf', asic: 'NVIDIA Spectrum', year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'nvidia', model: 'SN2700', series: 'Spectrum SN2000', role: 'spine', asic: 'NVIDIA Spectrum', year: null, ports: [qsfp28(32, 'fabric')] },
  {
    vendor: 'nvidia', model: 'SN2201', series: 'Spectrum SN2000', role: 'access', asic: 'NVIDIA Spectrum', year: null, ports: [qsfp28(4)],
    note: '48 fixed 1G RJ45 ports for out-of-band management networks, plus 4 x 100G QSFP28 uplinks.',
  },
  { vendor: 'nvidia', model: 'SN3700', series: 'Spectrum-2 SN3000', role: 'spine', asic: 'NVIDIA Spectrum-2', year: null, ports: [{ count: 32, formFactor: 'QSFP56', speeds: [40, 100, 200], role: 'fabric' }] },
  { vendor: 'nvidia', model: 'SN3700C', series: 'Spectrum-2 SN3000', role: 'spine', asic: 'NVIDIA Spectrum-2', year: null, ports: [qsfp28(32, 'fabric')] },
  { vendor: 'nvidia', model: 'SN4600C', series: 'Spectrum-3 SN4000', role: 'spine', asic: 'NVIDIA Spectrum-3', year: null, ports: [qsfp28(64, 'fabric')] },
  { vendor: 'nvidia', model: 'SN4700', series: 'Spectrum-3 SN4000', role: 'spine', asic: 'NVIDIA Spectrum-3', year: null, ports: [qsfpDd(32)] },
  {
    vendor: 'nvidia', model: 'SN5600', series: 'Spectrum-4 SN5000', role: 'spine', asic: 'NVIDIA Spectrum-4', year: 2023, ports: [osfp800(64)],
    note: '64 x 800G OSFP data ports (51.2 Tb/s); management ports not listed.',
  },
  // Dell
  { vendor: 'dell', model: 'S5224F-ON', series: 'PowerSwitch S5200-ON', role: 'leaf', asic: 'Broadcom Trident3', year: null, ports: [sfp28(24, [10, 25]), qsfp28(4)] },
  { vendor: 'dell', model: 'S5296F-ON', series: 'PowerSwitch S5200-ON', role: 'leaf', asic: 'Broadcom Trident3', year: null, ports: [sfp28(96, [10, 25]), qsfp28(8)] },
  { vendor: 'dell', model: 'S5232F-ON', series: 'PowerSwitch S5200-ON', role: 'spine', asic: 'Broadcom Trident3', year: null, ports: [qsfp28(32, 'fabric'), mgmt(2)] },
  {
    vendor: 'dell', model: 'S4148F-ON', series: 'PowerSwitch S4100-ON', role: 'leaf', asic: null, year: null,
    ports: [sfpPlus(48), { count: 2, formFactor: 'QSFP+', speeds: [40], role: 'uplink' }, qsfp28(4)],
  },
  { vendor: 'dell', model: 'Z9264F-ON', series: 'PowerSwitch Z9200-ON', role: 'spine', asic: 'Broadcom Tomahawk2', year: null, ports: [qsfp28(64, 'fabric'), mgmt(2)] },
  { vendor: 'dell', model: 'Z9332F-ON', series: 'PowerSwitch Z9300-ON', role: 'spine', asic: 'Broadcom Tomahawk3', year: null, ports: [qsfpDd(32), mgmt(2)] },
  // HPE Aruba
  { vendor: 'hpe', model: 'CX 8325-48Y8C', series: 'CX 8325', role: 'leaf', asic: null, year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'hpe', model: 'CX 8325-32C', series: 'CX 8325', role: 'spine', asic: null, year: null, ports: [qsfp28(32, 'fabric')] },
  { vendor: 'hpe', model: 'CX 8360-48Y6C', series: 'CX 8360', role: 'aggregation', asic: null, year: null, ports: [sfp28(48), qsfp28(6)] },
  // Extreme
  { vendor: 'extreme', model: '8520-48Y', series: 'ExtremeSwitching 8000', role: 'leaf', asic: null, year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'extreme', model: '8720-32C', series: 'ExtremeSwitching 8000', role: 'spine', asic: null, year: null, ports: [qsfp28(32, 'fabric')] },
  // Huawei
  { vendor: 'huawei', model: 'CloudEngine 6881-48S6CQ', series: 'CloudEngine 6800', role: 'leaf', asic: null, year: null, ports: [sfpPlus(48), qsfp28(6)] },
  { vendor: 'huawei', model: 'CloudEngine 6865-48S8CQ-EI', series: 'CloudEngine 6800', role: 'leaf', asic: null, year: null, ports: [sfp28(48, [10, 25]), qsfp28(8)] },
  { vendor: 'huawei', model: 'CloudEngine 8850-64CQ-EI', series: 'CloudEngine 8800', role: 'spine', asic: null, year: null, ports: [qsfp28(64, 'fabric'), mgmt(2)] },
  // Nokia
  {
    vendor: 'nokia', model: '7220 IXR-D1', series: '7220 IXR-D', role: 'access', asic: null, year: null, ports: [sfpPlus(4, 'uplink')],
    note: '48 fixed 10/100/1000 RJ45 ports plus 4 x 10G SFP+.',
  },
  { vendor: 'nokia', model: '7220 IXR-D2', series: '7220 IXR-D', role: 'leaf', asic: null, year: null, ports: [sfp28(48), qsfp28(8)] },
  { vendor: 'nokia', model: '7220 IXR-D3', series: '7220 IXR-D', role: 'spine', asic: null, year: null, ports: [qsfp28(32, 'fabric'), mgmt(2)] },
];
