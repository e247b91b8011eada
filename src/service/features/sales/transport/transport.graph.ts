/**
 * Paths over the fibre graph: an undirected multigraph whose nodes are cities and whose edges are fibre routes
 * (two providers between the same cities are two edges, so they can protect each other).
 */
export interface GraphEdge {
  id: number;
  a: string;
  b: string;
  km: number;
}

/** One edge as travelled: from -> to. */
export interface PathStep {
  edge: GraphEdge;
  from: string;
  to: string;
}

export interface GraphPath {
  steps: PathStep[];
  km: number;
}

interface Arc {
  edge: GraphEdge;
  from: string;
  to: string;
  cost: number;
}

function pathOf(steps: PathStep[]): GraphPath {
  return { steps, km: steps.reduce((sum, s) => sum + s.edge.km, 0) };
}

function arcsOf(edges: readonly GraphEdge[]): Arc[] {
  return edges.flatMap((edge) => [
    { edge, from: edge.a, to: edge.b, cost: edge.km },
    { edge, from: edge.b, to: edge.a, cost: edge.km },
  ]);
}

function outgoing(arcs: readonly Arc[]): Map<string, Arc[]> {
  const out = new Map<string, Arc[]>();
  for (const arc of arcs) {
    const list = out.get(arc.from);
    if (list) list.push(arc);
    else out.set(arc.from, [arc]);
  }
  return out;
}

function walkBack(previous: Map<string, Arc>, source: string, target: string): PathStep[] {
  const steps: PathStep[] = [];
  for (let node = target; node !== source;) {
    const arc = previous.get(node)!;
    steps.push({ edge: arc.edge, from: arc.from, to: arc.to });
    node = arc.from;
  }
  return steps.reverse();
}

/**
 * Dijkstra on route km. The graph has tens of nodes, so a linear scan for the nearest open node is simpler than a
 * heap and just as fast here. Ties break on the node id, so the same graph always gives the same path.
 */
export function shortestPath(edges: readonly GraphEdge[], source: string, target: string): GraphPath | null {
  if (source === target) return null;
  const out = outgoing(arcsOf(edges));
  const dist = new Map<string, number>([[source, 0]]);
  const previous = new Map<string, Arc>();
  const done = new Set<string>();
  for (;;) {
    let node: string | null = null;
    for (const [candidate, d] of dist) {
      if (done.has(candidate)) continue;
      if (node === null || d < dist.get(node)! || (d === dist.get(node)! && candidate < node)) node = candidate;
    }
    if (node === null) return null;
    if (node === target) return pathOf(walkBack(previous, source, target));
    done.add(node);
    for (const arc of out.get(node) ?? []) {
      const next = dist.get(node)! + arc.cost;
      if (!done.has(arc.to) && next < (dist.get(arc.to) ?? Infinity)) {
        dist.set(arc.to, next);
        previous.set(arc.to, arc);
      }
    }
  }
}

/** Bellman-Ford: the residual graph of Bhandari's method has negative arcs (but no negative cycle). */
function bellmanFord(arcs: readonly Arc[], source: string, target: string): PathStep[] | null {
  const dist = new Map<string, number>([[source, 0]]);
  const previous = new Map<string, Arc>();
  const nodes = new Set(arcs.flatMap((a) => [a.from, a.to]));
  for (let round = 0; round < nodes.size; round++) {
    let changed = false;
    for (const arc of arcs) {
      const from = dist.get(arc.from);
      if (from === undefined) continue;
      if (from + arc.cost < (dist.get(arc.to) ?? Infinity) - 1e-9) {
        dist.set(arc.to, from + arc.cost);
        previous.set(arc.to, arc);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return dist.has(target) ? walkBack(previous, source, target) : null;
}

/**
 * The pair of edge-disjoint paths with the least total km (Bhandari's variant of Suurballe's algorithm):
 * 1. find the shortest path P1;
 * 2. in the directed version of the graph, drop each P1 arc's forward direction and make its reverse arc cost -km;
 * 3. find the shortest path P2 in that graph (Bellman-Ford, as costs can be negative);
 * 4. an edge P2 travels against P1 cancels out of both; the remaining arcs form two edge-disjoint paths.
 * Removing P1's edges and searching again is not enough: P1 can block every second path while a disjoint pair
 * exists (the "trap" topology), and step 4 is what lets P2 reroute P1 around it.
 * Returns null when no two paths share no edge (one edge is a bridge between source and target).
 */
export function disjointPathPair(edges: readonly GraphEdge[], source: string, target: string): [GraphPath, GraphPath] | null {
  const first = shortestPath(edges, source, target);
  if (!first) return null;
  const forward = new Map(first.steps.map((s) => [s.edge.id, s]));
  const residual = arcsOf(edges)
    .filter((arc) => {
      const used = forward.get(arc.edge.id);
      return !used || used.from !== arc.from;
    })
    .map((arc) => (forward.has(arc.edge.id) ? { ...arc, cost: -arc.cost } : arc));
  const second = bellmanFord(residual, source, target);
  if (!second) return null;
  const cancelled = new Set(second.filter((s) => forward.has(s.edge.id)).map((s) => s.edge.id));
  const remaining = [...first.steps, ...second].filter((s) => !cancelled.has(s.edge.id));
  const paths = splitIntoPaths(remaining, source, target);
  paths.sort((p, q) => p.km - q.km || p.steps.length - q.steps.length);
  return [paths[0]!, paths[1]!];
}

/** Two units of flow from source to target, as a set of steps, decomposed into two paths. */
function splitIntoPaths(steps: readonly PathStep[], source: string, target: string): GraphPath[] {
  const unused = [...steps];
  const paths: GraphPath[] = [];
  for (let n = 0; n < 2; n++) {
    const walk: PathStep[] = [];
    for (let node = source; node !== target;) {
      const at = unused.findIndex((s) => s.from === node);
      const [step] = unused.splice(at, 1);
      walk.push(step!);
      node = step!.to;
    }
    paths.push(pathOf(walk));
  }
  return paths;
}

/** Cities reachable from `start` (for the connectivity check of the data set and for clear errors). */
export function reachableFrom(edges: readonly GraphEdge[], start: string): Set<string> {
  const out = outgoing(arcsOf(edges));
  const seen = new Set([start]);
  const queue = [start];
  while (queue.length > 0) {
    for (const arc of out.get(queue.pop()!) ?? []) {
      if (!seen.has(arc.to)) {
        seen.add(arc.to);
        queue.push(arc.to);
      }
    }
  }
  return seen;
}
