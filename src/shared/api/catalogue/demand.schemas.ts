import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from '../schema-helpers.js';

export const DemandRecord = Type.Object(
  {
    sku: Type.String(),
    description: Type.String(),
    transceiver_id: Nullable(Type.String()),
    form_factor: Nullable(Type.String()),
    speed_gbps: Nullable(Type.Number()),
    velocity_class: Type.String(),
    has_demand_data: Type.Boolean(),
    units_12m: Nullable(Type.Integer()),
    run_rate_30d: Nullable(Type.Number({ description: 'Units per month over the last 30 days' })),
    run_rate_90d: Nullable(Type.Number()),
    run_rate_365d: Nullable(Type.Number()),
    stock_de: Nullable(Type.Integer()),
    is_internal: Type.Boolean({ description: 'Visible only through authenticated requests' }),
    updated_at: Type.String(),
  },
  { title: 'DemandRecord' },
);
export type DemandRecord = Static<typeof DemandRecord>;
