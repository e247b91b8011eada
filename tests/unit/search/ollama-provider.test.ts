import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cosineSimilarity } from '../../../src/service/embeddings/embedding-provider.js';
import { createOllamaProvider } from '../../../src/service/embeddings/ollama.provider.js';
import { UnavailableError } from '../../../src/service/errors.js';
import { type OllamaStub, startOllamaStub } from '../../fixtures/ollama-stub/ollama-stub.js';

describe('ollama provider against a stand-in server over a real socket', () => {
  let stub: OllamaStub;
  beforeAll(async () => {
    stub = await startOllamaStub({ 'nomic-embed-text': 768, 'all-minilm': 384 });
  });
  afterAll(async () => stub?.close());

  it('embeds documents and queries with the nomic task prefixes, in one batch call', async () => {
    const provider = createOllamaProvider({ host: stub.url, model: 'nomic-embed-text' });
    const docs = await provider.embedDocuments(['QSFP28 LR4 10 km', 'OSFP 800G DR8']);
    const query = await provider.embedQuery('LR4 10 km');
    expect(docs).toHaveLength(2);
    expect(docs[0]).toHaveLength(768);
    expect(Math.hypot(...query)).toBeCloseTo(1, 5);
    expect(stub.calls.at(-2)).toEqual({ model: 'nomic-embed-text', input: ['search_document: QSFP28 LR4 10 km', 'search_document: OSFP 800G DR8'] });
    expect(stub.calls.at(-1)).toEqual({ model: 'nomic-embed-text', input: ['search_query: LR4 10 km'] });
    expect(cosineSimilarity(query, docs[0] as Float32Array)).toBeGreaterThan(cosineSimilarity(query, docs[1] as Float32Array));
    expect(provider.name).toBe('ollama');
    expect(provider.model).toBe('nomic-embed-text');
  });

  it('reports a model that is not pulled as unavailable, naming the model', async () => {
    const provider = createOllamaProvider({ host: stub.url, model: 'mxbai-embed-large' });
    const error = await provider.embedQuery('x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toContain('mxbai-embed-large');
    expect((error as Error).message).toContain('not found');
  });

  it('refuses a model whose dimension does not fit the 768-d collections', async () => {
    const provider = createOllamaProvider({ host: stub.url, model: 'all-minilm' });
    const error = await provider.embedDocuments(['x']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as Error).message).toContain('384 dimensions');
  });

  it('reports an unreachable server as unavailable', async () => {
    const closed = await startOllamaStub();
    await closed.close();
    const provider = createOllamaProvider({ host: closed.url, model: 'nomic-embed-text' });
    await expect(provider.embedQuery('x')).rejects.toBeInstanceOf(UnavailableError);
  });
});
