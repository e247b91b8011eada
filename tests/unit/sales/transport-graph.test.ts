import { describe, expect, it } from 'vitest';
import {
  disjointPathPair,
  type GraphEdge,
  type GraphPath,
  reachableFrom,
  shortestPath,
} from '../../../src/service/features/sales/transport/transport.graph.js';

const edge = (id: number, a: string, b: string, km: number): GraphEdge => ({ id, a, b, km });
const nodesOf = (path: GraphPath, start: string): string[] => [start, ...path.steps.map((s) => s.to)];
const edgeIds = (path: GraphPath): number[] => path.steps.map((s) => s.edge.id);

/**
 * The trap: the shortest path s-a-b-t uses the only edges that both disjoint paths need one of each of. Removing
 * its edges leaves s-c-b and a-d-t, which do not meet, so "remove and retry" finds nothing; yet s-a-d-t and
 * s-c-b-t share no edge.
 */
const TRAP = [
  edge(1, 's', 'a', 1),
  edge(2, 'a', 'b', 1),
  edge(3, 'b', 't', 1),
  edge(4, 's', 'c', 2),
  edge(5, 'c', 'b', 2),
  edge(6, 'a', 'd', 2),
  edge(7, 'd', 't', 2),
];

describe('shortest path (Dijkstra on km)', () => {
  it('takes the fewest km, not the fewest hops', () => {
    const edges = [edge(1, 'x', 'y', 500), edge(2, 'x', 'z', 100), edge(3, 'z', 'w', 100), edge(4, 'w', 'y', 100)];
    const path = shortestPath(edges, 'x', 'y')!;
    expect(nodesOf(path, 'x')).toEqual(['x', 'z', 'w', 'y']);
    expect(path.km).toBe(300);
  });

  it('travels edges in either direction and answers null without a path', () => {
    const edges = [edge(1, 'b', 'a', 10), edge(2, 'c', 'd', 10)];
    expect(nodesOf(shortestPath(edges, 'a', 'b')!, 'a')).toEqual(['a', 'b']);
    expect(shortestPath(edges, 'a', 'd')).toBeNull();
    expect(reachableFrom(edges, 'a')).toEqual(new Set(['a', 'b']));
  });
});

describe('disjoint path pair (Bhandari / Suurballe)', () => {
  it('escapes the trap where removing the shortest path and retrying finds no second path', () => {
    expect(edgeIds(shortestPath(TRAP, 's', 't')!)).toEqual([1, 2, 3]);
    const withoutFirst = TRAP.filter((e) => ![1, 2, 3].includes(e.id));
    expect(shortestPath(withoutFirst, 's', 't')).toBeNull();

    const [first, second] = disjointPathPair(TRAP, 's', 't')!;
    expect(nodesOf(first, 's')).toEqual(['s', 'a', 'd', 't']);
    expect(nodesOf(second, 's')).toEqual(['s', 'c', 'b', 't']);
    expect(edgeIds(first).filter((id) => edgeIds(second).includes(id))).toEqual([]);
    expect(first.km + second.km).toBe(10);
  });

  it('finds the pair with the least total km, and the shorter path first', () => {
    const edges = [edge(1, 's', 't', 10), edge(2, 's', 'm', 3), edge(3, 'm', 't', 3), edge(4, 's', 'n', 20), edge(5, 'n', 't', 20)];
    const [first, second] = disjointPathPair(edges, 's', 't')!;
    expect(edgeIds(first)).toEqual([2, 3]);
    expect(edgeIds(second)).toEqual([1]);
  });

  it('uses two parallel routes between the same cities as two disjoint spans', () => {
    const edges = [edge(1, 'a', 'b', 100), edge(2, 'a', 'b', 120)];
    const [first, second] = disjointPathPair(edges, 'a', 'b')!;
    expect([edgeIds(first), edgeIds(second)]).toEqual([[1], [2]]);
  });

  it('answers null when one route is a bridge every path must cross', () => {
    const edges = [edge(1, 'dublin', 'london', 600), edge(2, 'london', 'paris', 500), edge(3, 'london', 'amsterdam', 400), edge(4, 'amsterdam', 'paris', 500)];
    expect(disjointPathPair(edges, 'dublin', 'paris')).toBeNull();
    expect(disjointPathPair(edges, 'london', 'paris')).not.toBeNull();
  });

  it('gives two edge-disjoint paths between every pair of a random mesh that has them', () => {
    // A ring keeps every pair 2-edge-connected; chords with varied km make the shortest paths overlap.
    const n = 12;
    const edges: GraphEdge[] = [];
    for (let i = 0; i < n; i++) edges.push(edge(i + 1, `n${i}`, `n${(i + 1) % n}`, 50 + ((i * 37) % 90)));
    for (let i = 0; i < n; i += 2) edges.push(edge(100 + i, `n${i}`, `n${(i + 5) % n}`, 30 + ((i * 53) % 70)));
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const pair = disjointPathPair(edges, `n${a}`, `n${b}`);
        expect(pair).not.toBeNull();
        const [first, second] = pair!;
        expect(nodesOf(first, `n${a}`).at(-1)).toBe(`n${b}`);
        expect(nodesOf(second, `n${a}`).at(-1)).toBe(`n${b}`);
        expect(edgeIds(first).filter((id) => edgeIds(second).includes(id))).toEqual([]);
        expect(first.km).toBeGreaterThanOrEqual(shortestPath(edges, `n${a}`, `n${b}`)!.km - 1e-9);
      }
    }
  });

  it('matches a brute-force search for the least total km over small meshes', () => {
    let withPair = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const edges = mesh(seed, 7, 13);
      const brute = bestDisjointTotal(edges, 'n0', 'n6');
      const pair = disjointPathPair(edges, 'n0', 'n6');
      if (brute === null) expect(pair).toBeNull();
      else {
        withPair++;
        expect(pair![0].km + pair![1].km).toBeCloseTo(brute, 9);
      }
    }
    expect(withPair).toBeGreaterThan(5);
  });
});

/** A small random multigraph (deterministic per seed). */
function mesh(seed: number, nodes: number, count: number): GraphEdge[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  const edges: GraphEdge[] = [];
  for (let i = 0; i < count; i++) {
    const a = Math.floor(next() * nodes);
    const b = (a + 1 + Math.floor(next() * (nodes - 1))) % nodes;
    edges.push(edge(i + 1, `n${a}`, `n${b}`, 10 + Math.floor(next() * 90)));
  }
  return edges;
}

/** Every simple path, every pair sharing no edge: the least total km, or null. */
function bestDisjointTotal(edges: readonly GraphEdge[], source: string, target: string): number | null {
  const paths: Array<{ ids: Set<number>; km: number }> = [];
  const walk = (node: string, seen: Set<string>, ids: number[], km: number): void => {
    if (node === target) {
      paths.push({ ids: new Set(ids), km });
      return;
    }
    for (const e of edges) {
      const next = e.a === node ? e.b : e.b === node ? e.a : null;
      if (next === null || seen.has(next)) continue;
      walk(next, new Set([...seen, next]), [...ids, e.id], km + e.km);
    }
  };
  walk(source, new Set([source]), [], 0);
  let best: number | null = null;
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      if ([...paths[i]!.ids].some((id) => paths[j]!.ids.has(id))) continue;
      const total = paths[i]!.km + paths[j]!.km;
      if (best === null || total < best) best = total;
    }
  }
  return best;
}
