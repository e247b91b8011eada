import { createBuiltinProvider } from './builtin.provider.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import type { EmbeddingsConfig } from './embeddings.config.js';
import { createHashProvider } from './hash.provider.js';
import { createOllamaProvider } from './ollama.provider.js';

/** The provider EMBEDDINGS_PROVIDER names. Nothing is loaded or contacted until the first embedding. */
export function createEmbeddingProvider(config: EmbeddingsConfig): EmbeddingProvider {
  switch (config.provider) {
    case 'hash':
      return createHashProvider();
    case 'ollama':
      return createOllamaProvider({ host: config.ollamaHost, model: config.ollamaModel });
    case 'builtin':
      return createBuiltinProvider();
  }
}
