import { AppError, InvalidError, UnavailableError } from '../../errors.js';
import type { PayloadFilter } from '../../vector/payload-filter.js';
import type { SyncProgress } from '../../vector/vector-store.js';
import type { ServiceContext } from '../../context.js';
import { parseSpeedGbps } from '../catalogue/index.js';
import { COLLECTIONS, type CollectionName, isCollectionName } from '../../../shared/vocabulary/search.vocabulary.js';
import { DOCUMENT_COLLECTIONS } from './search.collections.js';
import type { ProductSearchQuery, SearchHit, SearchQuery, SearchResponse, StatsResponse, TextSearchQuery } from '../../../shared/api/search.schemas.js';

type SearchCtx = Pick<ServiceContext, 'search'>;

/** Changes this small are embedded before the search answers, so an edit shows up at once; larger ones go to the background. */
const INLINE_SYNC_MAX = 64;

function requireText(q: string): string {
  const text = q.trim();
  if (text === '') throw new InvalidError('querystring/q must contain text, not only spaces');
  return text;
}

export function parseCollections(raw: string | undefined): CollectionName[] {
  if (raw === undefined || raw.trim() === '') return [...COLLECTIONS];
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  const unknown = names.filter((n) => !isCollectionName(n));
  if (unknown.length > 0) {
    throw new InvalidError(`querystring/collections: unknown collection "${unknown.join('", "')}"; allowed: ${COLLECTIONS.join(', ')}`);
  }
  return names as CollectionName[];
}

/**
 * Starts a sync of stale collections and waits only for a small change it started itself (an edited product);
 * a large or already running build (first start, provider switch) continues in the background.
 */
async function refresh(ctx: SearchCtx, names: CollectionName[]): Promise<void> {
  const tickets = await Promise.all(names.map((name) => ctx.search.sync(name)));
  await Promise.all(tickets.filter((t) => t.started && t.pending <= INLINE_SYNC_MAX).map((t) => t.done));
}

async function searchCollections(ctx: SearchCtx, q: string, names: CollectionName[], limit: number, filter?: PayloadFilter): Promise<SearchResponse> {
  const started = performance.now();
  const text = requireText(q);
  await refresh(ctx, names);
  const { vectors, embeddings } = ctx.search;
  const vector = await embeddings.embedQuery(text).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    throw new UnavailableError(`The ${embeddings.name} embedding provider failed: ${error instanceof Error ? error.message : String(error)}`);
  });
  const scored = names.flatMap((name) => vectors.search(name, vector, limit, filter).map((hit) => ({ name, ...hit })));
  scored.sort((a, b) => b.score - a.score);
  const top = scored.slice(0, limit);
  const hits: SearchHit[] = [];
  for (const name of names) {
    const ids = top.filter((h) => h.name === name).map((h) => h.id);
    if (ids.length === 0) continue;
    const records = await vectors.source(name).records(ids);
    for (const hit of top.filter((h) => h.name === name)) {
      const found = records.get(hit.id);
      // A row deleted since the last sync is skipped; the next sync drops its vector.
      if (found) hits.push({ collection: name, id: hit.id, score: Math.round(hit.score * 10000) / 10000, ...found });
    }
  }
  hits.sort((a, b) => b.score - a.score);
  const complete = await Promise.all(names.map((name) => vectors.isComplete(name)));
  const incomplete = names.filter((_, i) => !complete[i]);
  return {
    query: text,
    provider: embeddings.name,
    model: embeddings.model,
    took_ms: Math.round((performance.now() - started) * 100) / 100,
    index_complete: incomplete.length === 0,
    incomplete_collections: incomplete,
    ...(incomplete.length > 0
      ? { notice: `The index is incomplete (${incomplete.join(', ')} still building); results cover what is indexed so far. See GET /search/stats.` }
      : {}),
    hits,
  };
}

export function searchAll(ctx: SearchCtx, query: SearchQuery): Promise<SearchResponse> {
  return searchCollections(ctx, query.q, parseCollections(query.collections), query.limit ?? 10);
}

/**
 * The product payload filters (equality; strings without regard to case). The collection tests them inside hnswlib's
 * graph search (vector/vector-collection.ts), so k hits come back whenever k products match.
 */
export function productFilter(query: Omit<ProductSearchQuery, 'q' | 'limit'>): PayloadFilter | undefined {
  const filter: Record<string, string | number> = {};
  if (query.form_factor !== undefined) filter.form_factor = query.form_factor;
  if (query.speed_gbps !== undefined) filter.speed_gbps = parseSpeedGbps(query.speed_gbps, 'querystring/speed_gbps');
  if (query.fiber_type !== undefined) filter.fiber_type = query.fiber_type;
  if (query.wdm_type !== undefined) filter.wdm_type = query.wdm_type;
  return Object.keys(filter).length === 0 ? undefined : filter;
}

export function searchProducts(ctx: SearchCtx, query: ProductSearchQuery): Promise<SearchResponse> {
  return searchCollections(ctx, query.q, ['product_embeddings'], query.limit ?? 10, productFilter(query));
}

export function searchDocuments(ctx: SearchCtx, query: TextSearchQuery): Promise<SearchResponse> {
  return searchCollections(ctx, query.q, DOCUMENT_COLLECTIONS, query.limit ?? 10);
}

export function searchNews(ctx: SearchCtx, query: TextSearchQuery): Promise<SearchResponse> {
  return searchCollections(ctx, query.q, ['news_embeddings'], query.limit ?? 10);
}

/** Rate since the build started and the time left at that rate, once a batch is in (the first includes model start-up). */
export function buildPace(progress: SyncProgress, now: number): { texts_per_s: number | null; eta_seconds: number | null } {
  const seconds = progress.startedAt === null ? 0 : (now - progress.startedAt) / 1000;
  if (progress.state !== 'building' || progress.done === 0 || seconds <= 0) return { texts_per_s: null, eta_seconds: null };
  const rate = progress.done / seconds;
  return { texts_per_s: Math.round(rate * 10) / 10, eta_seconds: Math.ceil((progress.total - progress.done) / rate) };
}

/** `now` is the clock the vector store stamps builds with (the service's); Date.now when not given. */
export async function collectionStats(ctx: SearchCtx & Partial<Pick<ServiceContext, 'now'>>): Promise<StatsResponse> {
  const now = (ctx.now ?? Date.now)();
  const { vectors, embeddings } = ctx.search;
  const states = await Promise.all(
    COLLECTIONS.map(async (name) => ({ sourceCount: await vectors.source(name).count(), complete: await vectors.isComplete(name) })),
  );
  const collections = COLLECTIONS.map((name, i) => {
    const c = vectors.collection(name);
    const meta = c.meta();
    const progress = vectors.progress(name);
    const state = states[i] as { sourceCount: number; complete: boolean };
    return {
      name,
      count: c.size(),
      source_count: state.sourceCount,
      dimension: c.identity.dimension,
      provider: c.identity.provider,
      model: c.identity.model,
      built_at: meta.builtAt,
      build_ms: meta.buildMs,
      size_bytes: c.fileBytes(),
      complete: state.complete,
      progress: {
        state: progress.state,
        done: progress.done,
        total: progress.total,
        percent: progress.total === 0 ? 100 : Math.round((1000 * progress.done) / progress.total) / 10,
        ...buildPace(progress, now),
      },
    };
  });
  return {
    provider: embeddings.name,
    model: embeddings.model,
    dimension: embeddings.dimension,
    complete: collections.every((c) => c.complete),
    collections,
  };
}
