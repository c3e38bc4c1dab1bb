/**
 * When do Bradley–Terry ratings exist and compare? Two graph checks on the pair totals.
 *
 *  - The comparison graph (an edge i — j when the pair met at least once) must be connected:
 *    ratings in different components have no common reference, so a difference across
 *    components is not estimable at all (any constant can be added to one component).
 *  - Given a connected graph, the MLE exists (is finite and unique) iff the "scored against"
 *    digraph — an arc i → j when i scored more than 0 against j (a win or a tie) — is strongly
 *    connected (Zermelo 1929; Ford 1957, "Solution of a ranking problem from binary comparisons",
 *    Amer. Math. Monthly 64(8)). Otherwise some set of models never lost a point to the rest:
 *    their ratings run off to +∞ (a model with only wins is the one-model case) and Newton
 *    diverges. The strong components are found by Tarjan's algorithm (iterative), in an order
 *    where every arc between components points from an earlier to a later component or within
 *    one ("top" first).
 */
import type { PairTotals } from './pairTotals.js';

export interface ComparisonGraph {
  /** Component of each model in the comparison graph, 0-based, numbered by first model. */
  readonly component: Int32Array;
  readonly components: number;
  /** Strong component of each model in the scored-against digraph (topological order, "never lose to later ones" first). */
  readonly strong: Int32Array;
  readonly strongComponents: number;
}

/** Neighbours of each model: `won` (i scored > 0 against j), `met` (n_ij > 0). */
function adjacency(totals: PairTotals): { met: number[][]; scored: number[][] } {
  const m = totals.models;
  const met: number[][] = Array.from({ length: m }, () => []);
  const scored: number[][] = Array.from({ length: m }, () => []);
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      const n = totals.count[k];
      if (!(n > 0)) continue;
      met[i].push(j);
      met[j].push(i);
      const s = totals.score[k];
      if (s > 0) scored[i].push(j);
      if (n - s > 0) scored[j].push(i);
    }
  }
  return { met, scored };
}

function connectedComponents(met: number[][]): { component: Int32Array; components: number } {
  const m = met.length;
  const component = new Int32Array(m).fill(-1);
  let components = 0;
  const stack: number[] = [];
  for (let start = 0; start < m; start++) {
    if (component[start] >= 0) continue;
    component[start] = components;
    stack.push(start);
    while (stack.length) {
      const v = stack.pop() as number;
      for (const w of met[v]) {
        if (component[w] < 0) {
          component[w] = components;
          stack.push(w);
        }
      }
    }
    components++;
  }
  return { component, components };
}

/** Tarjan's strongly connected components, iteratively; numbered so that arcs go from lower to higher or within. */
function strongComponents(scored: number[][]): { strong: Int32Array; strongComponents: number } {
  const m = scored.length;
  const index = new Int32Array(m).fill(-1);
  const low = new Int32Array(m);
  const onStack = new Uint8Array(m);
  const found = new Int32Array(m).fill(-1);
  const stack: number[] = [];
  let counter = 0;
  let count = 0;
  const call: [number, number][] = [];
  for (let root = 0; root < m; root++) {
    if (index[root] >= 0) continue;
    call.push([root, 0]);
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = 1;
    while (call.length) {
      const frame = call[call.length - 1];
      const v = frame[0];
      if (frame[1] < scored[v].length) {
        const w = scored[v][frame[1]++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = 1;
          call.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      call.pop();
      if (call.length) {
        const parent = call[call.length - 1][0];
        low[parent] = Math.min(low[parent], low[v]);
      }
      if (low[v] === index[v]) {
        for (;;) {
          const w = stack.pop() as number;
          onStack[w] = 0;
          found[w] = count;
          if (w === v) break;
        }
        count++;
      }
    }
  }
  // Tarjan emits components in reverse topological order (sinks first): flip.
  const strong = new Int32Array(m);
  for (let v = 0; v < m; v++) strong[v] = count - 1 - found[v];
  return { strong, strongComponents: count };
}

/** The comparison graph's components and the scored-against digraph's strong components. */
export function comparisonGraph(totals: PairTotals): ComparisonGraph {
  const { met, scored } = adjacency(totals);
  return { ...connectedComponents(met), ...strongComponents(scored) };
}

/**
 * Models whose ratings the data leave unbounded, relative to the largest strong component (the
 * "main" group, whose ratings are finite relative to each other): a group that can reach the main
 * one along scored-against arcs but not be reached from it never lost a point to it ('above');
 * one reached from it but not reaching it never scored a point against it ('below'); neither,
 * 'both'. The main group's models are null.
 */
export function unboundedRatings(
  totals: PairTotals,
  graph: ComparisonGraph,
): ('above' | 'below' | 'both' | null)[] {
  const m = totals.models;
  const { strong, strongComponents: count } = graph;
  const size = new Int32Array(count);
  for (let i = 0; i < m; i++) size[strong[i]]++;
  let main = 0;
  for (let c = 1; c < count; c++) if (size[c] > size[main]) main = c;
  const forward: Set<number>[] = Array.from({ length: count }, () => new Set());
  const backward: Set<number>[] = Array.from({ length: count }, () => new Set());
  let k = 0;
  for (let i = 0; i < m; i++) {
    for (let j = i + 1; j < m; j++, k++) {
      const n = totals.count[k];
      const ci = strong[i];
      const cj = strong[j];
      if (!(n > 0) || ci === cj) continue;
      if (totals.score[k] > 0) {
        forward[ci].add(cj);
        backward[cj].add(ci);
      }
      if (n - totals.score[k] > 0) {
        forward[cj].add(ci);
        backward[ci].add(cj);
      }
    }
  }
  const reach = (edges: Set<number>[]): Uint8Array => {
    const seen = new Uint8Array(count);
    const stack = [main];
    seen[main] = 1;
    while (stack.length) {
      for (const w of edges[stack.pop() as number]) {
        if (!seen[w]) {
          seen[w] = 1;
          stack.push(w);
        }
      }
    }
    return seen;
  };
  const below = reach(forward); // reached from main: main scored against them
  const above = reach(backward); // they reach main: they scored against main's side
  return Array.from({ length: m }, (_, i) => {
    const c = strong[i];
    if (c === main) return null;
    if (above[c] && !below[c]) return 'above';
    if (below[c] && !above[c]) return 'below';
    return 'both';
  });
}
