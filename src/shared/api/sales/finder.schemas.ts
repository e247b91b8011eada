import { type Static, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../vocabulary/catalogue.vocabulary.js';
import { SLUG_MAX_LENGTH } from '../common.schemas.js';
import { Nullable, StringEnum } from '../schema-helpers.js';

/** How a module fits a cage; breakouts are listed per option (see Breakout). */
export const FIT_KINDS = ['native', 'backward'] as const;
/** maker = coded for the switch's maker; generic = MSA-coded; other = coded for another maker (order it recoded). */
export const CODING_MATCHES = ['maker', 'generic', 'other'] as const;
/** How the switch text was matched, best first. */
export const SWITCH_MATCH_KINDS = ['id', 'slug', 'exact', 'prefix', 'substring', 'words'] as const;

const FitFields = {
  fit: StringEnum(FIT_KINDS, {
    description:
      'native = the module form factor of the cage; backward = an older form factor the cage takes at a speed the port runs (e.g. QSFP+ 40G in a QSFP28 cage)',
  }),
  fit_reason: Type.String({ description: 'Why it fits, naming the MSA' }),
};

export const SwitchRef = Type.Object(
  {
    id: Type.String({ description: 'UUID' }),
    slug: Type.String(),
    vendor_id: Type.String(),
    vendor_name: Type.String(),
    model: Type.String(),
  },
  { title: 'SwitchRef' },
);
export type SwitchRef = Static<typeof SwitchRef>;

export const OrderProduct = Type.Object(
  {
    id: Type.String({ description: "UUID of the operator's product" }),
    slug: Type.String(),
    part_number: Type.String(),
    name: Type.String(),
    platform_coding: Nullable(Type.String()),
  },
  { title: 'OrderProduct' },
);

/** One switch port group a transceiver fits, with the coding to order for that switch (the transceiver datasheet's compatibility list). */
export const SwitchFit = Type.Object(
  {
    switch: SwitchRef,
    port_group: Type.Object({
      id: Type.Integer(),
      port_count: Type.Integer(),
      form_factor: Type.String({ description: 'The cage' }),
      speeds_gbps: Type.Array(Type.Number()),
      role: Nullable(Type.String()),
    }),
    ...FitFields,
    maker_coding: Type.String({ description: "The platform coding the switch's maker wants ('MSA generic' for makers without one)" }),
    coding_match: StringEnum(CODING_MATCHES, { description: "How this transceiver's own coding relates to the switch maker" }),
    order: Nullable(
      Type.Object(
        { ...OrderProduct.properties },
        {
          description:
            "The operator's product to order for this switch: the same product in the maker's coding, else MSA-generic; null when the operator has neither",
        },
      ),
    ),
  },
  { title: 'SwitchFit' },
);
export type SwitchFit = Static<typeof SwitchFit>;

export const PriceNow = Type.Object(
  {
    currency: StringEnum(CURRENCIES),
    price: Type.Number(),
    observed_at: Type.String({ description: 'ISO-8601 UTC time of the latest observation in this currency' }),
    in_stock: Nullable(Type.Boolean()),
    stock_qty: Nullable(Type.Integer()),
    demo: Type.Boolean({
      description: "The price and stock are generated demo values (a seed observation, the operator's included), not a real offer or stock level",
    }),
  },
  { title: 'PriceNow' },
);

export const Breakout = Type.Object(
  {
    count: Type.Integer({ description: 'Far-end ports one module feeds' }),
    far_end_speed_gbps: Type.Number(),
    far_end_standards: Type.Array(Type.String()),
    source: Type.String({ description: 'The standard or MSA that defines the lanes' }),
    note: Nullable(Type.String()),
    far_end_products: Type.Array(
      Type.Object({ id: Type.String(), slug: Type.String(), part_number: Type.String(), form_factor: Type.String(), platform_coding: Nullable(Type.String()) }),
      { description: "The operator's MSA-generic modules for the far end (any switch), at most 10" },
    ),
  },
  { title: 'Breakout' },
);

export const OriginalVendorEquivalent = Type.Object(
  {
    vendor_id: Type.String(),
    vendor_name: Type.String(),
    slug: Type.String(),
    part_number: Type.String(),
    prices: Type.Array(PriceNow, { description: "The switch maker's own latest prices; kept apart from the operator's" }),
  },
  { title: 'OriginalVendorEquivalent' },
);

export const FinderOption = Type.Object(
  {
    ...FitFields,
    form_factor: Type.String({ description: 'Of the module' }),
    speed_gbps: Type.Number(),
    standard: Nullable(Type.String()),
    fiber_type: Type.String(),
    reach_meters: Nullable(Type.Integer()),
    reach_label: Type.String(),
    temp_range: Nullable(Type.String()),
    coding_to_order: Type.String({ description: "The platform coding of `product`: the maker's when the operator has it, else 'MSA generic'" }),
    coding_match: StringEnum(CODING_MATCHES),
    product: OrderProduct,
    prices: Type.Array(PriceNow, { description: "The operator's latest price per currency with its stock; empty when never priced" }),
    breakouts: Type.Array(Breakout, { description: 'Ways to split the port with this module; empty when it does not break out' }),
    original_vendor: Type.Union([OriginalVendorEquivalent, Type.Null()], {
      description:
        "The switch maker's own module with the same form factor, speed and standard when the catalogue holds one, kept apart from the operator's offer (the seed holds none: no product or price is attributed to equipment makers)",
    }),
  },
  { title: 'FinderOption' },
);
export type FinderOption = Static<typeof FinderOption>;

export const FinderPortGroup = Type.Object(
  {
    id: Type.Integer(),
    port_count: Type.Integer(),
    form_factor: Type.String({ description: 'The cage' }),
    speeds_gbps: Type.Array(Type.Number()),
    max_speed_gbps: Type.Number(),
    role: Nullable(Type.String()),
    by_speed: Type.Array(
      Type.Object({
        speed_gbps: Type.Number(),
        options: Type.Array(FinderOption, { description: 'Native fits first, then backwards-compatible ones; each by reach, shortest first' }),
      }),
      { description: 'One entry per port speed, fastest first' },
    ),
  },
  { title: 'FinderPortGroup' },
);
export type FinderPortGroup = Static<typeof FinderPortGroup>;

export const SwitchHeader = Type.Object(
  {
    ...SwitchRef.properties,
    series: Nullable(Type.String()),
    role: Nullable(Type.String()),
    asic: Nullable(Type.String()),
    released_year: Nullable(Type.Integer()),
    product_page_url: Nullable(Type.String()),
    description: Nullable(Type.String()),
    port_summary: Type.String({ description: "e.g. '48 x 25G SFP28 + 6 x 100G QSFP28'" }),
    maker_coding: Type.String({ description: "The platform coding this switch's maker wants" }),
  },
  { title: 'SwitchHeader' },
);

export const FinderQuery = Type.Object(
  {
    switch: Type.String({
      minLength: 2,
      maxLength: SLUG_MAX_LENGTH,
      description:
        'A switch UUID, slug or model text. Text is matched ignoring case, spaces and dashes: the whole model (with or without the maker, e.g. "N9K-C93180YC-FX", "Arista 7280SR3-48YC8"), a prefix or part of it ("93180YC"), or its series ("7280R3")',
    }),
  },
  { additionalProperties: false },
);
export type FinderQuery = Static<typeof FinderQuery>;

export const FinderResult = Type.Object(
  {
    query: Type.String(),
    matched_by: StringEnum(SWITCH_MATCH_KINDS, {
      description:
        'id, slug, exact (whole model), prefix (start of the model), substring (part of model or series), words (every word of the text in maker, series or model)',
    }),
    switch: SwitchHeader,
    alternatives: Type.Array(SwitchRef, { description: 'Other switches the text matched equally or less well (at most 10), when it was ambiguous' }),
    port_groups: Type.Array(FinderPortGroup),
  },
  { title: 'FinderResult' },
);
export type FinderResult = Static<typeof FinderResult>;

/** The 404 details of an unknown switch. */
export const ClosestModels = Type.Object({ closest: Type.Array(SwitchRef, { description: 'The five models nearest to the text by edit distance' }) });
export type ClosestModels = Static<typeof ClosestModels>;

export const SwitchDatasheet = Type.Object(
  {
    switch: SwitchHeader,
    port_groups: Type.Array(FinderPortGroup),
    generated_at: Type.String({ description: 'ISO-8601 UTC' }),
  },
  { title: 'SwitchDatasheet' },
);
export type SwitchDatasheet = Static<typeof SwitchDatasheet>;
