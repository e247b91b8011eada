import { type Static, Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../schema-helpers.js';

/** Client speeds the planner sizes: the grey-optic speeds of the catalogue and 800G (carried as two 400G wavelengths). */
export const TRANSPORT_SPEEDS = ['10G', '25G', '40G', '100G', '400G', '800G'] as const;
export const TRANSPORT_PROTECTIONS = ['none', '1+1'] as const;
export const TRANSPORT_CURRENCIES = ['GBP', 'USD'] as const;
/** At most 64 clients and 25.6 Tb/s in all (64 x 400G wavelengths on one fibre pair): beyond is a study, not a quote. */
export const TRANSPORT_MAX_COUNT = 64;
export const TRANSPORT_MAX_TOTAL_GBPS = 25_600;

const CityRef = Type.String({
  minLength: 1,
  maxLength: 80,
  description: 'A city of the fibre graph: its id ("frankfurt") or its name, case-insensitive ("Frankfurt am Main", "düsseldorf")',
});

export const TransportPlanRequest = Type.Object(
  {
    from: CityRef,
    to: CityRef,
    capacity: Type.String({
      minLength: 1,
      maxLength: 20,
      pattern: '^\\s*([0-9]{1,3}\\s*[xX×*]\\s*)?[0-9]+(\\.[0-9]+)?\\s*[GgTt]\\s*$',
      description:
        'Clients and their speed: "4x100G", "4 x 100G", "1x400G" or "400G" (= 1 x 400G). Speeds: 10G, 25G, 40G, 100G, 400G, 800G; 1 to 64 clients, at most 25.6T in all',
      examples: ['4x100G'],
    }),
    protection: Type.Optional(
      StringEnum(TRANSPORT_PROTECTIONS, {
        description: '"1+1" adds a protection path that shares no fibre route with the working path (422 when none exists)',
        default: 'none',
      }),
    ),
    currency: Type.Optional(StringEnum(TRANSPORT_CURRENCIES, { description: "Currency of the operator's prices in the BOM", default: 'GBP' })),
    preferences: Type.Optional(
      Type.Object(
        {
          prefer_coherent: Type.Optional(
            Type.Boolean({ description: 'Coherent DWDM optics on every span, even where a grey optic would reach (default false)' }),
          ),
          avoid_providers: Type.Optional(
            Type.Array(Type.String({ minLength: 1, maxLength: 80 }), {
              maxItems: 20,
              description: 'Provider ids whose routes the plan must not use (unknown ids are a 400)',
            }),
          ),
          avoid_estimated: Type.Optional(
            Type.Boolean({ description: 'Use only routes with a named provider, none of the estimated "to be sourced" routes (default false)' }),
          ),
          form_factor: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 20,
              description:
                'The form factor the platform\'s ports take (e.g. "QSFP-DD", "CFP2", "OSFP"), preferred for every optic; without it coherent optics default to QSFP-DD (the router-port form of 400ZR/ZR+) and the notes say so',
            }),
          ),
          coding: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 40,
              description: 'Platform coding to prefer for the optics (e.g. "Cisco", "Juniper"); otherwise the cheapest priced product of the standard',
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TransportPlanRequest = Static<typeof TransportPlanRequest>;

const City = Type.Object({ id: Type.String(), name: Type.String(), country: Type.String(), lat: Type.Number(), lon: Type.Number() });

const Provider = Nullable(Type.Object({ id: Type.String(), name: Type.String() }));

const Budget = Type.Object(
  {
    section_km: Type.Number({ description: 'Length of one section (between optic or amplifier and the next receiver or amplifier)' }),
    launch_dbm: Type.Number(),
    attenuation_db_per_km: Type.Number({
      description: "Fibre loss of the section's wavelength band (src/shared/facts/fibre-attenuation.facts.ts): 0.4 at 1310 nm, 0.25 at 1550 nm",
    }),
    fiber_loss_db: Type.Number({ description: 'section_km x attenuation_db_per_km' }),
    connector_loss_db: Type.Number({
      description:
        "An optic's own link: its standard's connection allocation (connectors and splices, as on its datasheet); an amplifier section: 2 connectors x 0.5 dB",
    }),
    splice_loss_db: Type.Number({ description: 'Amplifier sections: 0.1 dB per splice, one splice every 4 km; 0 on an optic link (in its allocation)' }),
    total_loss_db: Type.Number(),
    rx_sensitivity_dbm: Type.Number(),
    margin_db: Type.Number({ description: 'launch - total loss - sensitivity' }),
    required_margin_db: Type.Number(),
    levels_from: StringEnum(['optic', 'amplifier'] as const, {
      description: "Whose launch power and sensitivity apply: the optic's, or the line amplifiers' on an amplified span",
    }),
  },
  {
    description:
      "Power budget of one section; all sections of a span are equal, so this is every section. null on a leased wavelength: the carrier's line, not ours",
  },
);

const Optic = Type.Object({
  standard: Type.String(),
  kind: StringEnum(['grey', 'coherent'] as const),
  transceiver_id: Type.String(),
  part_number: Type.String(),
  name: Type.String(),
  form_factor: Type.String(),
  platform_coding: Nullable(Type.String()),
  unit_price: Nullable(Type.Number({ description: 'Latest operator price in the plan currency; null when not priced in it' })),
  price_demo: Type.Boolean({ description: 'unit_price is a generated demo value (a seed observation), not a real offer' }),
});

const WaterCrossing = Nullable(
  Type.Object({
    water: Type.String({ description: 'The water the route crosses' }),
    wet_km_estimate: Type.Number({ description: 'Estimated length of the crossing (shown, not used in a budget)' }),
  }),
);

export const TransportSpan = Type.Object({
  route_id: Type.Integer(),
  from: Type.String({ description: 'City id' }),
  to: Type.String({ description: 'City id' }),
  km: Type.Number(),
  fiber_type: Type.String(),
  provider: Provider,
  estimated: Type.Boolean({ description: 'An estimated route (great circle x 1.3): its provider is to be sourced' }),
  water_crossing: WaterCrossing,
  carriage: StringEnum(['own_fibre', 'leased_wavelength'] as const, {
    description:
      'own_fibre: our optics (and line system) over the route; leased_wavelength: a water crossing too long for an unrepeatered span, carried by a subsea carrier and handed off on grey optics at each end',
  }),
  leased_circuits: Nullable(Type.Integer({ description: "Leased circuits at the hand-off optic's speed; null on own fibre" })),
  optic: Optic,
  wavelengths: Nullable(Type.Integer({ description: 'Coherent 400G wavelengths on the span; null for grey optics' })),
  modules: Type.Integer({ description: 'Pluggables for the span: both ends of each link and both sides of each regenerator' }),
  amplified: Type.Boolean(),
  sections: Type.Integer(),
  inline_amplifier_sites: Type.Integer(),
  regeneration_sites: Type.Integer(),
  budget: Nullable(Budget),
});
export type TransportSpan = Static<typeof TransportSpan>;

const Path = Type.Object({
  role: StringEnum(['working', 'protection'] as const),
  km: Type.Number(),
  cities: Type.Array(Type.String(), { description: 'City ids from the start to the end' }),
  spans: Type.Array(TransportSpan),
});

export const BomLine = Type.Object({
  kind: StringEnum(['optic', 'line_terminal', 'inline_amplifier', 'fiber', 'leased_wavelength'] as const),
  item: Type.String({ description: 'Part number of an optic, or what the line is' }),
  description: Type.String(),
  transceiver_id: Nullable(Type.String()),
  quantity: Type.Number(),
  unit: StringEnum(['piece', 'site', 'km', 'circuit'] as const),
  unit_price: Nullable(Type.Number({ description: 'null: not in the operator catalogue, to be quoted' })),
  line_total: Nullable(Type.Number()),
  price_demo: Type.Boolean({ description: 'unit_price and line_total are generated demo values (a seed observation), not a real offer' }),
  providers: Type.Array(Type.String(), { description: 'Fibre providers of the spans this line serves ("to be sourced" for estimated routes)' }),
});
export type BomLine = Static<typeof BomLine>;

export const TransportPlan = Type.Object({
  from: City,
  to: City,
  capacity: Type.Object({ count: Type.Integer(), speed: Type.String(), speed_gbps: Type.Number(), total_gbps: Type.Number() }),
  protection: StringEnum(TRANSPORT_PROTECTIONS),
  currency: StringEnum(TRANSPORT_CURRENCIES),
  paths: Type.Array(Path, { description: 'The working path, then (1+1) the protection path; together they share no route' }),
  bom: Type.Object({
    lines: Type.Array(BomLine),
    total: Type.Number({ description: 'Sum of the priced lines, in the plan currency' }),
    unpriced_lines: Type.Integer({ description: 'Lines without a catalogue price (line systems, fibre), to be quoted' }),
    demo_prices: Type.Boolean({ description: 'At least one priced line (so the total) uses a generated demo price: the BOM must not be quoted as real' }),
  }),
  assumptions: Type.Object({
    fiber_loss_1310_db_per_km: Type.Number({ description: 'Fibre loss of the 1310 nm band (grey O-band optics)' }),
    fiber_loss_1550_db_per_km: Type.Number({ description: 'Fibre loss of the 1550 nm band (DWDM lines, 1550 nm optics)' }),
    connector_loss_db: Type.Number(),
    connectors_per_section: Type.Integer(),
    splice_loss_db: Type.Number(),
    splice_spacing_km: Type.Number(),
    required_margin_db: Type.Number(),
    amplifier_launch_dbm: Type.Number(),
    amplifier_min_input_dbm: Type.Number(),
    max_amplifier_spacing_km: Type.Number(),
    coherent_wavelength_gbps: Type.Number(),
  }),
  notes: Type.Array(Type.String()),
});
export type TransportPlan = Static<typeof TransportPlan>;

export const TransportNetwork = Type.Object({
  cities: Type.Array(City),
  routes: Type.Array(
    Type.Object({
      id: Type.Integer(),
      from: Type.String({ description: 'City id' }),
      to: Type.String({ description: 'City id' }),
      km: Type.Number(),
      provider: Provider,
      estimated: Type.Boolean({ description: 'An estimated route (great circle x 1.3): its provider is to be sourced' }),
    }),
  ),
  providers: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), network_type: Nullable(Type.String()), is_demo: Type.Boolean() })),
});
export type TransportNetwork = Static<typeof TransportNetwork>;
