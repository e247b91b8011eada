import { type Static, Type } from '@sinclair/typebox';

/** Shapes of the seed files in resources/seed/content/, checked before anything is inserted. */
const Slug = Type.String({ pattern: '^[a-z0-9][a-z0-9-]*$', maxLength: 120 });
const Tags = Type.Array(Type.String({ minLength: 1 }));

export const SeedFaq = Type.Array(
  Type.Object(
    { id: Slug, question: Type.String({ minLength: 5 }), answer: Type.String({ minLength: 20 }), category: Type.String(), tags: Tags },
    { additionalProperties: false },
  ),
);
export const SeedGuides = Type.Array(
  Type.Object(
    {
      id: Slug,
      title: Type.String({ minLength: 5 }),
      symptom: Type.String({ minLength: 10 }),
      causes: Type.Array(Type.String(), { minItems: 1 }),
      steps: Type.Array(Type.String(), { minItems: 1 }),
      applies_to: Tags,
    },
    { additionalProperties: false },
  ),
);
export const SeedNews = Type.Array(
  Type.Object(
    {
      id: Slug,
      title: Type.String({ minLength: 5 }),
      summary: Type.String({ minLength: 20 }),
      url: Type.String({ pattern: '^https://' }),
      source: Type.String({ minLength: 2 }),
      published_at: Type.String({ pattern: '^\\d{4}-\\d{2}(-\\d{2})?$' }),
      tags: Tags,
      sentiment: Type.Number({ minimum: -1, maximum: 1 }),
    },
    { additionalProperties: false },
  ),
);
export const SeedDatasheets = Type.Array(
  Type.Object(
    {
      datasheet: Slug,
      title: Type.String({ minLength: 5 }),
      part_number: Type.String({ minLength: 2 }),
      form_factor: Type.String(),
      speed_gbps: Type.Number({ exclusiveMinimum: 0 }),
      sections: Type.Array(Type.Object({ section: Type.String(), content: Type.String({ minLength: 40 }) }, { additionalProperties: false }), { minItems: 1 }),
    },
    { additionalProperties: false },
  ),
);
export type SeedFaq = Static<typeof SeedFaq>;
export type SeedGuides = Static<typeof SeedGuides>;
export type SeedNews = Static<typeof SeedNews>;
export type SeedDatasheets = Static<typeof SeedDatasheets>;
