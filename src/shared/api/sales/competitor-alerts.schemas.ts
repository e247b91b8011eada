import { type Static, Type } from '@sinclair/typebox';
import { PageOf } from '../common.schemas.js';
import { Nullable, PagingFields, StringEnum } from '../schema-helpers.js';
import { SPEED_PATTERN } from '../../speed.js';
import { ALERT_KINDS, ALERT_SEVERITIES, type AlertKind, type AlertSeverity } from '../../vocabulary/sales-alerts.vocabulary.js';

export { ALERT_KINDS, ALERT_SEVERITIES, type AlertKind, type AlertSeverity };

const Day = (description: string) => Type.Optional(Type.String({ format: 'date', description }));

export const CompetitorAlertsQuery = Type.Object(
  {
    ...PagingFields(20, 200),
    vendor: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Competitor shop (vendor id, e.g. "polarbay-demo")' })),
    kind: Type.Optional(StringEnum(ALERT_KINDS, { description: 'price_change, new_product or stock_change' })),
    speed: Type.Optional(
      Type.String({ pattern: SPEED_PATTERN, description: 'Line rate of the product the alert is about: "400G", "1.6T" (= 1600), or Gb/s as a number' }),
    ),
    severity: Type.Optional(StringEnum(ALERT_SEVERITIES, { description: 'info, warning or critical (see the rules in docs/sales-alerts.md)' })),
    since: Day('Only alerts on or after this UTC day (YYYY-MM-DD)'),
    until: Day('Only alerts on or before this UTC day (YYYY-MM-DD, inclusive); must not be before since'),
  },
  { additionalProperties: false },
);
export type CompetitorAlertsQuery = Static<typeof CompetitorAlertsQuery>;

export const AlertProduct = Type.Object({
  id: Type.String(),
  slug: Type.String(),
  part_number: Type.String(),
  name: Type.String(),
  form_factor: Type.String(),
  speed_gbps: Type.Number(),
});

export const AlertPriceMove = Type.Object(
  {
    currency: Type.String(),
    old_price: Type.Number({ description: 'Previous price of the shop in this currency (before)' }),
    new_price: Type.Number({ description: 'The observed price (after)' }),
    change_pct: Type.Number({ description: 'Percentage change from before to after, two decimals; negative is a cut' }),
  },
  { description: 'price_change alerts: before, after and percentage; null for other kinds' },
);

export const AlertStockMove = Type.Object(
  {
    was_in_stock: Type.Boolean({ description: 'At the previous observation of the shop' }),
    in_stock: Type.Boolean({ description: 'At the observation that raised the alert' }),
  },
  { description: 'stock_change alerts: stock before and after; null for other kinds' },
);

export const CompetitorAlert = Type.Object({
  id: Type.Integer(),
  kind: StringEnum(ALERT_KINDS),
  severity: StringEnum(ALERT_SEVERITIES),
  created_at: Type.String({ description: 'When the event happened (the observation time, or the listing time of the product), ISO-8601 UTC' }),
  title: Type.String(),
  detail: Nullable(Type.String()),
  acknowledged: Type.Boolean(),
  vendor_id: Type.String(),
  vendor_name: Type.String(),
  vendor_is_demo: Type.Boolean({ description: 'The shop is a fictional demo shop of the seed data set' }),
  product: Nullable(AlertProduct),
  price: Nullable(AlertPriceMove),
  stock: Nullable(AlertStockMove),
  observation_id: Nullable(Type.Integer({ description: 'The price observation that raised the alert (evidence), when known' })),
});
export type CompetitorAlert = Static<typeof CompetitorAlert>;

export const CompetitorAlertPage = PageOf(CompetitorAlert);
export type CompetitorAlertPage = Static<typeof CompetitorAlertPage>;
