import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/service/config.js';
import { combineHalves, USE_DIMENSION } from '../../../src/service/embeddings/builtin.provider.js';
import { cosineSimilarity } from '../../../src/service/embeddings/embedding-provider.js';
import { hashEmbed, tokenize } from '../../../src/service/embeddings/hash-features.js';
import { createHashProvider } from '../../../src/service/embeddings/hash.provider.js';

const norm = (v: Float32Array) => Math.hypot(...v);

describe('hash embeddings', () => {
  it('are deterministic, 768-d and unit length', async () => {
    const provider = createHashProvider();
    const [a] = await provider.embedDocuments(['100GBASE-LR4 QSFP28, 10 km']);
    const b = await provider.embedQuery('100GBASE-LR4 QSFP28, 10 km');
    expect(a).toHaveLength(768);
    expect(Array.from(a as Float32Array)).toEqual(Array.from(b));
    expect(norm(b)).toBeCloseTo(1, 5);
  });

  it('place texts that share words and word pieces closer than unrelated texts', () => {
    const query = hashEmbed('QSFP28 LR4 single-mode 10 km', 768);
    const near = hashEmbed('100G QSFP28 LR4 transceiver for 10 km of single-mode fibre', 768);
    const far = hashEmbed('Broadcom ships a switch chip for AI clusters', 768);
    expect(cosineSimilarity(query, near)).toBeGreaterThan(cosineSimilarity(query, far) + 0.2);
  });

  it('keeps part numbers and decimal speeds as tokens', () => {
    expect(tokenize('OP-QSFP28-LR4, 1.6T and 1,310 nm')).toEqual(['op', 'qsfp28', 'lr4', '1.6t', 'and', '1310', 'nm']);
  });

  it('gives an all-zero vector for text without words', () => {
    expect(norm(hashEmbed(' -- ', 768))).toBe(0);
  });
});

describe('builtin vector layout', () => {
  it('joins a 512-d semantic half and a 256-d hashed half, each weighted sqrt(0.5)', () => {
    const use = new Float32Array(USE_DIMENSION).fill(2);
    const joined = combineHalves(use, 'QSFP28 LR4', 'use+hash', 768);
    expect(joined).toHaveLength(768);
    expect(norm(joined)).toBeCloseTo(1, 5);
    expect(norm(joined.subarray(0, USE_DIMENSION))).toBeCloseTo(Math.sqrt(0.5), 5);
    expect(norm(joined.subarray(USE_DIMENSION))).toBeCloseTo(Math.sqrt(0.5), 5);
    const useOnly = combineHalves(use, 'QSFP28 LR4', 'use', 768);
    expect(norm(useOnly.subarray(USE_DIMENSION))).toBe(0);
  });
});

describe('embeddings config', () => {
  it('defaults to the builtin provider and the local Ollama', () => {
    const config = loadConfig({});
    expect(config.embeddings).toEqual({ provider: 'builtin', ollamaHost: 'http://127.0.0.1:11434', ollamaModel: 'nomic-embed-text', batchSize: 16 });
  });

  it('names a bad EMBEDDINGS_PROVIDER and OLLAMA_HOST', () => {
    let error: unknown;
    try {
      loadConfig({ EMBEDDINGS_PROVIDER: 'openai', OLLAMA_HOST: 'ftp://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const text = (error as ConfigError).problems.join('\n');
    expect(text).toContain('EMBEDDINGS_PROVIDER');
    expect(text).toContain('OLLAMA_HOST');
  });
});
