import { l2Normalise } from './embedding-provider.js';
import { hashEmbed } from './hash-features.js';

export const USE_DIMENSION = 512;
const HALF_WEIGHT = Math.sqrt(0.5);

/**
 * use+hash (the default): USE-lite (512) joined with 256 hashed features, each half L2-normalised and scaled by
 * sqrt(0.5) so the result has unit length and both halves weigh the same in the cosine.
 * use: USE-lite alone, zero-padded to 768 (kept for the evaluation in docs/search-evaluation.md).
 */
export type BuiltinVariant = 'use+hash' | 'use';

export const BUILTIN_MODELS: Record<BuiltinVariant, string> = {
  'use+hash': 'use-lite-512+hash-256-v1',
  use: 'use-lite-512',
};

export function combineHalves(use: Float32Array, text: string, variant: BuiltinVariant, dimension: number): Float32Array {
  const out = new Float32Array(dimension);
  const semantic = l2Normalise(Float32Array.from(use));
  if (variant === 'use') {
    out.set(semantic);
    return out;
  }
  const lexical = hashEmbed(text, dimension - USE_DIMENSION);
  for (let i = 0; i < USE_DIMENSION; i += 1) out[i] = (semantic[i] as number) * HALF_WEIGHT;
  for (let i = 0; i < lexical.length; i += 1) out[USE_DIMENSION + i] = (lexical[i] as number) * HALF_WEIGHT;
  return out;
}
