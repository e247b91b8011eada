import { EMBEDDING_DIMENSION, type EmbeddingProvider } from './embedding-provider.js';
import { hashEmbed } from './hash-features.js';

/** Bumped whenever the feature set changes, so saved indexes built by an older hasher are rebuilt. */
export const HASH_MODEL = 'feature-hash-v1';

export function createHashProvider(dimension = EMBEDDING_DIMENSION): EmbeddingProvider {
  return {
    name: 'hash',
    model: HASH_MODEL,
    dimension,
    async embedDocuments(texts) {
      return texts.map((text) => hashEmbed(text, dimension));
    },
    async embedQuery(text) {
      return hashEmbed(text, dimension);
    },
    async close() {},
  };
}
