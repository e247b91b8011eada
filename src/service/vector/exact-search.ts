/**
 * The k nearest of a few labels by cosine distance, measured as hnswlib's cosine space measures it (one minus the dot
 * product of the unit vectors). For a filter so narrow that a graph walk would
 * visit most of the graph to find k items that pass, comparing the query with each passing item is the faster way,
 * and it is exact.
 */
export function nearestAmong(
  query: readonly number[],
  labels: readonly number[],
  pointOf: (label: number) => number[],
  k: number,
): { neighbors: number[]; distances: number[] } {
  let queryNorm = 0;
  for (const x of query) queryNorm += x * x;
  const scored = labels.map((label) => {
    const point = pointOf(label);
    let dot = 0;
    let pointNorm = 0;
    for (let i = 0; i < point.length; i++) {
      const p = point[i] as number;
      dot += p * (query[i] as number);
      pointNorm += p * p;
    }
    const norms = Math.sqrt(queryNorm * pointNorm);
    return { label, distance: 1 - (norms > 0 ? dot / norms : 0) };
  });
  scored.sort((a, b) => a.distance - b.distance || a.label - b.label);
  const nearest = scored.slice(0, k);
  return { neighbors: nearest.map((s) => s.label), distances: nearest.map((s) => s.distance) };
}
