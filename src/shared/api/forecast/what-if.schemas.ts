import { type Static, Type } from '@sinclair/typebox';
import { StringEnum } from '../schema-helpers.js';

/** Upper bounds that keep a what-if request cheap; the 400 names the field when exceeded. */
export const MAX_PERIODS = 1000;
export const MAX_GENERATIONS = 20;
export const MAX_SERIES = 600;
export const MIN_SERIES = 5;
/**
 * Adopters of a market or of one period: a thousand times the world's population, so no real market is refused,
 * while the curves stay far from overflowing floating point and every count stays an exact integer.
 */
export const MAX_ADOPTERS = 1e13;

const positive = (description: string, maximum: number) => Type.Number({ exclusiveMinimum: 0, maximum, description });

export const ModelRequest = Type.Object(
  {
    model: StringEnum(['bass', 'norton-bass'] as const),
    p: positive('Coefficient of innovation (0 < p <= 1)', 1),
    q: positive('Coefficient of imitation (0 < q <= 5)', 5),
    m: Type.Optional(positive('Market potential (model bass)', MAX_ADOPTERS)),
    periods: Type.Integer({ minimum: 1, maximum: MAX_PERIODS, description: `Number of periods, at most ${MAX_PERIODS}` }),
    generations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            m: positive('Market potential of the generation', MAX_ADOPTERS),
            launch: Type.Number({ minimum: 0, maximum: MAX_PERIODS, description: 'Launch period' }),
          },
          { additionalProperties: false },
        ),
        {
          minItems: 1,
          maxItems: MAX_GENERATIONS,
          description: 'Model norton-bass: generations in launch order',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ModelRequest = Static<typeof ModelRequest>;

export const ModelResponse = Type.Object({
  model: Type.String(),
  peak_time: Type.Optional(Type.Number()),
  peak_rate: Type.Optional(Type.Number()),
  cumulative: Type.Optional(Type.Array(Type.Number(), { description: 'm F(t) for t = 0..periods' })),
  per_period: Type.Optional(Type.Array(Type.Number(), { description: 'm (F(t) - F(t-1)) for t = 1..periods' })),
  logistic: Type.Optional(Type.Object({ L: Type.Number(), k: Type.Number(), t0: Type.Number(), max_gap_share: Type.Number() })),
  generations: Type.Optional(
    Type.Array(Type.Object({ m: Type.Number(), launch: Type.Number(), values: Type.Array(Type.Number(), { description: 'S_i(t) for t = 0..periods' }) })),
  ),
});
export type ModelResponse = Static<typeof ModelResponse>;

export const FitRequest = Type.Object(
  {
    model: StringEnum(['bass'] as const),
    series: Type.Array(Type.Number({ minimum: 0, maximum: MAX_ADOPTERS }), {
      minItems: MIN_SERIES,
      maxItems: MAX_SERIES,
      description: `Adopters per period, the first value at t = 1 (${MIN_SERIES} to ${MAX_SERIES} values)`,
    }),
  },
  { additionalProperties: false },
);
export type FitRequest = Static<typeof FitRequest>;

export const FitResponse = Type.Object({
  p: Type.Number(),
  q: Type.Number(),
  m: Type.Number(),
  peak_time: Type.Number(),
  r2: Type.Number(),
  rmse: Type.Number(),
  converged: Type.Boolean(),
  iterations: Type.Integer(),
  points: Type.Integer(),
});
export type FitResponse = Static<typeof FitResponse>;
