import type hnswlib from 'hnswlib-node';
import { type PayloadCells, type PayloadFilter, payloadMatches } from './payload-cells.js';
import type { ValuePartitions } from './value-partitions.js';
import type { Payload } from './vector-collection.js';

/** How a filtered search was answered (for tests and benchmarks). */
export type FilteredPlan = 'exact' | 'partition' | 'pool' | 'pool+exact' | 'callback';

/**
 * How a filtered search is answered, chosen per query from the number of items that pass (bench/search.bench.ts
 * measured each way at 100,000 vectors):
 * - exact scoring of the passing items (native brute force over the payload cells, about 0.1 µs per vector), when
 *   at most `exactMax` pass: that costs about one unfiltered hnsw query;
 * - the hnsw partition of the filter's value (value-partitions.ts), for a single-key filter on a value with more
 *   items than that, at most `partitionMaxShare` of the collection, and pools that kept coming up short: a fraction
 *   of one unfiltered query, whatever the query is about;
 * - otherwise one unfiltered hnsw query for a pool of `poolFactor` * k / share nearest items (at least ef, which
 *   costs the same), filtered afterwards: it holds about poolFactor * k passing items when the filter is independent
 *   of the query, and the k best of them are the exact filtered k best. When the query's neighbourhood lacks the
 *   filter's value the pool comes up short and exact scoring answers. A pool above `maxPool` costs more than that.
 * hnswlib's own filter callback is not used: it explores ef / share graph nodes and calls into JavaScript for each,
 * so its cost grew 20-fold at a share of 1 in 7 and several hundred-fold at 1 in 1,000.
 */
export interface FilteredSearchTuning {
  exactMax: number;
  poolFactor: number;
  maxPool: number;
  /** Largest share of the collection one value's partition may copy (0 turns partitions off). */
  partitionMaxShare?: number;
}
export const DEFAULT_TUNING: Required<FilteredSearchTuning> = { exactMax: 8192, poolFactor: 2, maxPool: 512, partitionMaxShare: 0.4 };

export interface FilteredSearchParts {
  index: hnswlib.HierarchicalNSW;
  cells: PayloadCells;
  partitions: ValuePartitions;
  cellsReady: boolean;
  size: number;
  payloadOf(label: number): Payload | undefined;
  minEf: number;
}

export interface FilteredResult {
  labels: number[];
  distances: number[];
  plan: FilteredPlan;
}

export function searchFiltered(parts: FilteredSearchParts, tuning: FilteredSearchTuning, query: number[], k: number, filter: PayloadFilter): FilteredResult {
  const { index, cells, partitions, payloadOf, minEf } = parts;
  if (!parts.cellsReady) {
    index.setEf(Math.max(minEf, k));
    const result = index.searchKnn(query, k, (label: number) => payloadMatches(payloadOf(label), filter));
    return { labels: result.neighbors, distances: result.distances, plan: 'callback' };
  }
  const passing = cells.count(filter);
  const wanted = Math.min(k, passing);
  if (wanted === 0) return { labels: [], distances: [], plan: 'exact' };
  const exact = (plan: FilteredPlan): FilteredResult => {
    const hits = cells.search(query, wanted, filter);
    return { labels: hits.map((h) => h.label), distances: hits.map((h) => h.distance), plan };
  };
  if (passing <= tuning.exactMax) return exact('exact');
  const fromPartition = partitions.search(query, wanted, filter);
  if (fromPartition?.length === wanted)
    return { labels: fromPartition.map((h) => h.label), distances: fromPartition.map((h) => h.distance), plan: 'partition' };
  const pool = Math.max(minEf, Math.ceil((tuning.poolFactor * wanted * parts.size) / passing));
  if (pool > tuning.maxPool || pool >= parts.size) return exact('exact');
  index.setEf(pool);
  const result = index.searchKnn(query, pool);
  const labels: number[] = [];
  const distances: number[] = [];
  result.neighbors.forEach((label, i) => {
    if (labels.length < wanted && payloadMatches(payloadOf(label), filter)) {
      labels.push(label);
      distances.push(result.distances[i] as number);
    }
  });
  partitions.notePool(filter, labels.length < wanted);
  return labels.length === wanted ? { labels, distances, plan: 'pool' } : exact('pool+exact');
}
