import { PageOf } from '../common.schemas.js';
import { type Static, Type } from '@sinclair/typebox';
import { Nullable, PagingFields, TextFilter } from '../schema-helpers.js';
import { SPEED_PATTERN } from '../../speed.js';

export const PortGroup = Type.Object(
  {
    id: Type.Integer(),
    port_count: Type.Integer(),
    form_factor: Type.String(),
    speeds_gbps: Type.Array(Type.Number(), { description: 'Speeds the ports run at, e.g. [10, 25]' }),
    max_speed_gbps: Type.Number(),
    role: Nullable(Type.String({ description: 'downlink, uplink, management' })),
    operator_transceiver_count: Type.Integer({ description: "The operator's transceivers that fit (same form factor, a supported speed)" }),
  },
  { title: 'PortGroup' },
);
export type PortGroup = Static<typeof PortGroup>;

export const Switch = Type.Object(
  {
    id: Type.String({ description: 'UUID' }),
    slug: Type.String(),
    vendor_id: Type.String(),
    vendor_name: Type.String(),
    model: Type.String(),
    series: Nullable(Type.String()),
    role: Nullable(Type.String({ description: 'access, leaf, spine, aggregation, core' })),
    asic: Nullable(Type.String()),
    released_year: Nullable(Type.Integer()),
    product_page_url: Nullable(Type.String()),
    description: Nullable(Type.String()),
    port_summary: Type.String({ description: "e.g. '48 x 25G SFP28 + 6 x 100G QSFP28'" }),
    port_groups: Type.Array(PortGroup),
  },
  { title: 'Switch' },
);
export type Switch = Static<typeof Switch>;

export const SwitchQuery = Type.Object(
  {
    vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 80, description: 'A vendor id' })),
    role: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    form_factor: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'Switches with at least one port group of this form factor' })),
    speed_gbps: Type.Optional(Type.String({ pattern: SPEED_PATTERN, description: 'Switches with ports that run at this speed ("100G", "1.6T")' })),
    q: TextFilter('Text in model, series or ASIC'),
    ...PagingFields(50, 500),
  },
  { additionalProperties: false },
);
export type SwitchQuery = Static<typeof SwitchQuery>;

export const SwitchPage = PageOf(Switch);
export type SwitchPage = Static<typeof SwitchPage>;
