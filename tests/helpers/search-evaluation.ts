import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { AppDatabase } from '../../src/service/db/database.js';
import { cosineSimilarity, type EmbeddingProvider } from '../../src/service/embeddings/embedding-provider.js';
import type { CollectionSource } from '../../src/service/vector/collection-source.js';
import { SEED_CONTENT_DIR } from '../../src/service/features/search/seed-content.js';
import { datasheetSource, faqSource, newsSource, troubleshootingSource } from '../../src/service/features/search/search.repository.js';

/**
 * Retrieval quality of an embedding provider on the labelled query set over the seed content
 * (resources/seed/content/evaluation-queries.json). Ranking is exact (brute-force cosine over all content
 * collections merged, as GET /api/search merges them), so the numbers measure the embeddings, not hnsw.
 */
const EvaluationQueries = Type.Array(
  Type.Object({
    kind: Type.Union([Type.Literal('keyword'), Type.Literal('paraphrase')]),
    query: Type.String({ minLength: 1 }),
    relevant: Type.Array(Type.String({ pattern: '^[a-z_]+:.+$' }), { minItems: 1 }),
  }),
);
export interface EvaluationQuery {
  kind: 'keyword' | 'paraphrase';
  query: string;
  /** "collection:id" keys of the rows that answer the query. */
  relevant: string[];
}

export interface CorpusDocument {
  key: string;
  text: string;
}

export interface QualityScores {
  queries: number;
  recallAt5: number;
  mrr: number;
}

export interface EvaluationResult extends QualityScores {
  provider: string;
  model: string;
  byKind: Record<EvaluationQuery['kind'], QualityScores>;
  embedMs: number;
}

export function loadEvaluationQueries(resourcesDir: string): EvaluationQuery[] {
  const file = join(resourcesDir, SEED_CONTENT_DIR, 'evaluation-queries.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const error = Value.Errors(EvaluationQueries, data).First();
  if (error) throw new Error(`${file}: ${error.path} ${error.message}`);
  return data as EvaluationQuery[];
}

/** Every row of the four seeded content collections, with the text its vector is made from. */
export async function evaluationCorpus(db: AppDatabase): Promise<CorpusDocument[]> {
  const sources: Array<[string, CollectionSource]> = [
    ['faq_embeddings', faqSource(db)],
    ['troubleshooting_embeddings', troubleshootingSource(db)],
    ['news_embeddings', newsSource(db)],
    ['datasheet_chunks', datasheetSource(db)],
  ];
  const corpus: CorpusDocument[] = [];
  for (const [name, source] of sources) {
    const docs = await source.documents([...(await source.versions()).keys()]);
    corpus.push(...docs.map((d) => ({ key: `${name}:${d.id}`, text: d.text })));
  }
  return corpus;
}

function score(ranks: Array<{ recall: number; reciprocal: number }>): QualityScores {
  const n = ranks.length;
  return {
    queries: n,
    recallAt5: n === 0 ? 0 : ranks.reduce((s, r) => s + r.recall, 0) / n,
    mrr: n === 0 ? 0 : ranks.reduce((s, r) => s + r.reciprocal, 0) / n,
  };
}

export async function evaluateProvider(provider: EmbeddingProvider, corpus: CorpusDocument[], queries: EvaluationQuery[]): Promise<EvaluationResult> {
  const started = performance.now();
  const docVectors = await provider.embedDocuments(corpus.map((d) => d.text));
  const queryVectors: Float32Array[] = [];
  for (const q of queries) queryVectors.push(await provider.embedQuery(q.query));
  const embedMs = performance.now() - started;
  const keys = new Set(corpus.map((d) => d.key));
  const ranks = queries.map((q, qi) => {
    const missing = q.relevant.filter((key) => !keys.has(key));
    if (missing.length > 0) throw new Error(`evaluation query "${q.query}" names unknown rows: ${missing.join(', ')}`);
    const qv = queryVectors[qi] as Float32Array;
    const order = corpus
      .map((d, i) => ({ key: d.key, s: cosineSimilarity(qv, docVectors[i] as Float32Array) }))
      .sort((a, b) => b.s - a.s)
      .map((r) => r.key);
    const top5 = new Set(order.slice(0, 5));
    const first = order.findIndex((key) => q.relevant.includes(key));
    return {
      kind: q.kind,
      recall: q.relevant.filter((key) => top5.has(key)).length / q.relevant.length,
      reciprocal: first < 0 ? 0 : 1 / (first + 1),
    };
  });
  return {
    provider: provider.name,
    model: provider.model,
    ...score(ranks),
    byKind: {
      keyword: score(ranks.filter((r) => r.kind === 'keyword')),
      paraphrase: score(ranks.filter((r) => r.kind === 'paraphrase')),
    },
    embedMs,
  };
}
