import { type Static, Type } from '@sinclair/typebox';
import { STANDARD_MEDIA } from '../../vocabulary/catalogue.vocabulary.js';
import { Lang, Nullable, StringEnum, TextFilter } from '../schema-helpers.js';
import { SPEED_PATTERN } from '../../speed.js';
import { ListOf } from '../common.schemas.js';

export const Standard = Type.Object(
  {
    name: Type.String({ description: "e.g. '100GBASE-SR4', 'GPON', '400ZR'" }),
    category: Type.String({ description: 'ethernet, pon, coherent, fibre-channel, ...' }),
    speed_gbps: Type.Number(),
    lanes: Type.Integer(),
    modulation: Type.String(),
    medium: StringEnum(STANDARD_MEDIA),
    reach_meters: Nullable(Type.Number()),
    reach_label: Type.String(),
    wavelengths: Type.Array(Type.Number(), { description: 'nm' }),
    fiber_count: Nullable(Type.Integer()),
    connector: Nullable(Type.String()),
    body: Type.String({ description: 'IEEE clause or MSA / ITU-T recommendation' }),
    year: Nullable(Type.Integer()),
    description_en: Type.String(),
    description_de: Type.String(),
    description: Type.String({
      description: 'Plain-language text: in the ?lang= language, else in English and German one after the other (a blank line between)',
    }),
    transceiver_count: Type.Integer({ description: 'Catalogue transceivers that implement it' }),
  },
  { title: 'Standard' },
);
export type Standard = Static<typeof Standard>;

export const StandardQuery = Type.Object(
  {
    category: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    medium: Type.Optional(StringEnum(STANDARD_MEDIA)),
    speed_gbps: Type.Optional(Type.String({ pattern: SPEED_PATTERN, description: 'As for transceivers: 400, "400G", "1.6T"' })),
    q: TextFilter('Text in the name or either description'),
    lang: Lang,
  },
  { additionalProperties: false },
);
export type StandardQuery = Static<typeof StandardQuery>;

export const StandardList = ListOf(Standard);
export type StandardList = Static<typeof StandardList>;
