import { type Static, Type } from '@sinclair/typebox';
import { ListOf } from '../common.schemas.js';
import { Nullable } from '../schema-helpers.js';

export const FormFactor = Type.Object(
  {
    name: Type.String({ description: 'Key of /api/form-factors/:name' }),
    full_name: Type.String(),
    speed: Type.String({ description: "As usually written, e.g. '100G', '8x100G'" }),
    max_speed_gbps: Type.Number(),
    channels: Type.Integer(),
    status: Type.String({ description: 'emerging, mainstream, mature, legacy' }),
    supersedes: Nullable(Type.String({ description: 'The predecessor form factor' })),
    introduced_year: Nullable(Type.Integer()),
    description_en: Type.String(),
    description_de: Type.String(),
    description: Type.String({
      description: 'Plain-language text: in the ?lang= language, else in English and German one after the other (a blank line between)',
    }),
    transceiver_count: Type.Integer({ description: 'Catalogue transceivers of this form factor (computed by a join)' }),
  },
  { title: 'FormFactor' },
);
export type FormFactor = Static<typeof FormFactor>;

export const FormFactorList = ListOf(FormFactor);
export type FormFactorList = Static<typeof FormFactorList>;

export const NameParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 80, description: 'Exact name, else case-insensitive' }) });
