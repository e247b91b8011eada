import { Ollama } from 'ollama';
import { UnavailableError } from '../errors.js';
import { EMBEDDING_DIMENSION, type EmbeddingProvider, l2Normalise } from './embedding-provider.js';

/** nomic-embed-text is trained with task prefixes; other models ignore them harmlessly. */
const QUERY_PREFIX = 'search_query: ';
const DOCUMENT_PREFIX = 'search_document: ';

export interface OllamaProviderOptions {
  host: string;
  model: string;
  dimension?: number;
  /** Overridable for tests; defaults to global fetch. */
  fetch?: typeof fetch;
}

/** Embeddings from an Ollama server through its /api/embed endpoint (the `ollama` client package). */
export function createOllamaProvider(options: OllamaProviderOptions): EmbeddingProvider {
  const dimension = options.dimension ?? EMBEDDING_DIMENSION;
  const client = new Ollama({ host: options.host, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const embed = async (input: string[]): Promise<Float32Array[]> => {
    if (input.length === 0) return [];
    let response;
    try {
      response = await client.embed({ model: options.model, input, truncate: true });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UnavailableError(`Ollama at ${options.host} could not embed with model "${options.model}": ${reason}`);
    }
    if (response.embeddings.length !== input.length) {
      throw new UnavailableError(`Ollama returned ${response.embeddings.length} embeddings for ${input.length} texts`);
    }
    return response.embeddings.map((row) => {
      if (row.length !== dimension) {
        throw new UnavailableError(`Ollama model "${options.model}" returns ${row.length} dimensions; collections need ${dimension}`);
      }
      return l2Normalise(Float32Array.from(row));
    });
  };
  return {
    name: 'ollama',
    model: options.model,
    dimension,
    embedDocuments: (texts) => embed(texts.map((text) => DOCUMENT_PREFIX + text)),
    async embedQuery(text) {
      const [vector] = await embed([QUERY_PREFIX + text]);
      return vector as Float32Array;
    },
    async close() {
      client.abort();
    },
  };
}
