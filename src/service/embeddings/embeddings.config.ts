import { type ConfigProblems, type Env, readEnum, readInteger, readString, readUrl } from '../config-parsers.js';

export const EMBEDDING_PROVIDERS = ['builtin', 'hash', 'ollama'] as const;
export type EmbeddingProviderName = (typeof EMBEDDING_PROVIDERS)[number];

export interface EmbeddingsConfig {
  /** builtin: offline USE-lite + feature hashing (default); hash: feature hashing only; ollama: an Ollama server. */
  provider: EmbeddingProviderName;
  ollamaHost: string;
  ollamaModel: string;
  /** Texts per embedding call; small batches keep progress reports and cancellation responsive. */
  batchSize: number;
}

export function readEmbeddingsConfig(env: Env, problems: ConfigProblems): EmbeddingsConfig {
  return {
    provider: readEnum(env, problems, 'EMBEDDINGS_PROVIDER', 'builtin', EMBEDDING_PROVIDERS),
    ollamaHost: readUrl(env, problems, 'OLLAMA_HOST', 'http://127.0.0.1:11434'),
    ollamaModel: readString(env, 'OLLAMA_EMBED_MODEL', 'nomic-embed-text'),
    batchSize: readInteger(env, problems, 'EMBEDDINGS_BATCH_SIZE', 16, { min: 1, max: 512 }),
  };
}
