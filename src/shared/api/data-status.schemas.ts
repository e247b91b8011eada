import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './schema-helpers.js';

export const DataStatus = Type.Object(
  {
    demo: Type.Boolean({
      description:
        'true while the catalogue is the generated offline seed data set and no import has been committed since it was loaded; ' +
        'the dashboard shows its demo marker while this is true. A reseed makes it true again.',
    }),
    seed: Nullable(
      Type.Object(
        {
          version: Type.String({ description: 'Version of the seed data set' }),
          generator: Type.String({ description: 'What generated the rows (the seed builder and data-set version)' }),
          as_of: Type.String({ description: "The data set's fixed reference day (YYYY-MM-DD)" }),
          seeded_at: Nullable(Type.String({ description: 'When it was loaded (ISO-8601 UTC)' })),
          date_shift_days: Type.Integer({
            description: 'Days every generated time (prices, changes, alerts) was moved at load so the history ends today; 0 = dates as generated',
          }),
        },
        { description: 'The seed data set last loaded; null when the catalogue was never seeded' },
      ),
    ),
    last_import_at: Nullable(Type.String({ description: 'When the last import that changed rows was committed (ISO-8601 UTC)' })),
    operator_brand: Type.String({ description: "The operator's name (OPERATOR_BRAND); in the seed its prices and stock are generated demo values" }),
    notice: Nullable(Type.String({ description: 'One English sentence saying what is demo data; null when demo is false' })),
  },
  { title: 'DataStatus' },
);
export type DataStatus = Static<typeof DataStatus>;
