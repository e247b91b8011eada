import { type Static, Type } from '@sinclair/typebox';
import { CURRENCIES } from '../../vocabulary/catalogue.vocabulary.js';
import { Transceiver } from '../catalogue/transceivers.schemas.js';
import { SlugOrId } from '../common.schemas.js';
import { Nullable, StringEnum } from '../schema-helpers.js';
import { SwitchFit } from './finder.schemas.js';

export const DatasheetIdParams = Type.Object(
  {
    id: SlugOrId(
      "The product's slug, or its UUID: looked up as a slug first, so a slug that happens to look like another product's UUID names its own product",
    ),
  },
  { additionalProperties: false },
);
export type DatasheetIdParams = Static<typeof DatasheetIdParams>;

export const PowerBudget = Type.Object(
  {
    standard: Type.String({ description: 'The Ethernet type whose published optical parameters the budget uses' }),
    per_lane: Type.Boolean({ description: 'true for multi-lane modules: every figure applies to each lane' }),
    tx_power_min_dbm: Type.Number({ description: 'Average launch power, minimum (dBm)' }),
    tx_power_max_dbm: Type.Number({ description: 'Average launch power, maximum (dBm)' }),
    rx_sensitivity_dbm: Type.Number({ description: 'Minimum average receive power (dBm), the figure datasheets print as receiver sensitivity' }),
    budget_db: Type.Number({ description: 'tx_power_min_dbm - rx_sensitivity_dbm (dB)' }),
    fiber_type: StringEnum(['SMF', 'MMF'] as const),
    wavelength_nm: Nullable(Type.Number({ description: 'The shortest wavelength of the module, which picks the attenuation' })),
    attenuation_db_per_km: Type.Number({
      description:
        'Cabled-fibre attenuation of the wavelength band (src/shared/facts/fibre-attenuation.facts.ts): SMF 0.4 (1310 nm) or 0.25 dB/km (1550 nm); MMF 3.5 (850 nm) or 1.5 dB/km (1300 nm)',
    }),
    attenuation_source: Type.String(),
    reach_meters: Nullable(Type.Number({ description: 'The rated reach; null when unknown (the catalogue stores 0 or nothing)' })),
    fiber_loss_db: Nullable(Type.Number({ description: 'reach (km) x attenuation; null when the reach is unknown' })),
    connection_allowance_db: Type.Number({
      description:
        "Connectors and splices: the clause's own allocation for the reach and fibre grade (40GBASE-SR4: 1.0 dB to 150 m on OM4), else 2.0 dB on SMF, 1.5 dB on MMF",
    }),
    margin_db: Nullable(
      Type.Number({ description: 'budget_db - fiber_loss_db - connection_allowance_db; negative: the rated reach needs better than worst-case cabling' }),
    ),
    margin_note: Nullable(
      Type.String({ description: 'Why the margin is negative and what the rated reach asks of the link; null when the margin is not negative' }),
    ),
    estimate: Type.Boolean({ description: 'The optical figures are estimates (source starts "Estimate:"), not a transcription of a standard' }),
    source: Type.String({ description: 'The published document the optical parameters come from' }),
  },
  { title: 'PowerBudget' },
);
export type PowerBudget = Static<typeof PowerBudget>;

export const DatasheetPrice = Type.Object(
  {
    transceiver_id: Type.String(),
    part_number: Type.String(),
    relation: StringEnum(['this_product', 'comparable'] as const, {
      description:
        "this_product: a price of the datasheet's own product; comparable: another maker's like product (same form factor, speed, fibre, wavelengths, reach class)",
    }),
    vendor_id: Type.String({ description: 'The shop the price was seen in' }),
    vendor_name: Type.String(),
    price: Type.Number(),
    currency: StringEnum(CURRENCIES),
    observed_at: Type.String({ description: 'ISO-8601 UTC' }),
    demo: Type.Boolean({ description: 'A generated demo price of the seed data set (its observation is a seed observation), not a real offer' }),
  },
  { title: 'DatasheetPrice' },
);
export type DatasheetPrice = Static<typeof DatasheetPrice>;

export const DatasheetPricing = Type.Object(
  {
    operator: Type.Array(DatasheetPrice, { description: "The operator's own prices (shops of kind operator), latest per shop and currency" }),
    original_vendor: Type.Array(DatasheetPrice, {
      description: 'Prices of the equipment makers (vendors of kind oem) for this or a like product; empty when none was observed',
    }),
    competitors: Type.Array(DatasheetPrice, { description: "Other shops' prices (vendors of kind competitor)" }),
    note: Type.String({ description: 'The three lists are never merged, converted or averaged: each price is shown in its own currency' }),
    demo_notice: Nullable(
      Type.String({
        description:
          'Set when any listed price is a generated demo value: the statement the HTML and PDF exports print above the prices, so a file sent to a customer never passes demo prices off as real; null when every price is real',
      }),
    ),
  },
  { title: 'DatasheetPricing' },
);
export type DatasheetPricing = Static<typeof DatasheetPricing>;

export const DatasheetCompatibility = Type.Object(
  {
    own_coding: Nullable(Type.String({ description: "Whose equipment coding this module carries, e.g. 'Cisco' or 'MSA generic'" })),
    codings: Type.Array(Type.String(), {
      description: "The codings the switch makers of the fitting switches want (each maker's own, 'MSA generic' for makers without one), sorted",
    }),
    switches: Type.Array(SwitchFit, {
      description:
        'Every switch port group the module fits, natively or backwards compatibly, with the coding and operator product to order (the finder rules)',
    }),
  },
  { title: 'DatasheetCompatibility' },
);
export type DatasheetCompatibility = Static<typeof DatasheetCompatibility>;

export const DatasheetExport = Type.Object(
  {
    path: Type.String({
      description: 'GET it for the file: .../html is text/html (self-contained, A4 print layout), .../pdf is application/pdf (A4)',
    }),
    file_name: Type.String({
      description:
        'The name the export is sent under (Content-Disposition: attachment): the part number, anything but letters, digits, ".", "-" and "_" as "_", then "-datasheet.html" or ".pdf"',
    }),
  },
  { title: 'DatasheetExport' },
);

export const TransceiverDatasheet = Type.Object(
  {
    kind: StringEnum(['transceiver'] as const),
    product: Transceiver,
    power_budget: Nullable(PowerBudget),
    power_budget_note: Nullable(Type.String({ description: 'Why there is no power budget (copper, coherent, PON, no published parameters on file)' })),
    pricing: DatasheetPricing,
    compatibility: DatasheetCompatibility,
    exports: Type.Object({ html: DatasheetExport, pdf: DatasheetExport }, { description: 'The two exports, both rendered from this same stored datasheet' }),
    generated_at: Type.String({
      description:
        'When the stored datasheet was generated (ISO-8601 UTC); it is regenerated on the first read after its product, prices or compatibility change',
    }),
    input_hash: Type.String({ description: 'sha256 of the inputs the datasheet was generated from' }),
  },
  { title: 'TransceiverDatasheet' },
);
export type TransceiverDatasheet = Static<typeof TransceiverDatasheet>;

/** The answer of GET /api/datasheets/transceiver/:id: the datasheet with its HTML export included. */
export const TransceiverDatasheetAnswer = Type.Composite(
  [
    TransceiverDatasheet,
    Type.Object({
      html: Type.String({
        description: 'The HTML export itself (the same document as exports.html.path serves): self-contained, A4 print layout',
      }),
    }),
  ],
  { title: 'TransceiverDatasheetAnswer' },
);
export type TransceiverDatasheetAnswer = Static<typeof TransceiverDatasheetAnswer>;
