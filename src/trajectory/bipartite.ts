/**
 * Optimal assignment algorithms for trajectories: maximum bipartite matching (augmenting paths,
 * never greedy first-fit) and minimum-cost assignment (Hungarian algorithm, O(n³)).
 */

/**
 * A maximum matching of `left × right` where `edge(i, j)` says left `i` may pair with right `j`.
 * Returns `matchOfLeft[i]` = the right index paired with `i`, or -1. Kuhn's augmenting paths:
 * a later left vertex can take a right vertex from an earlier one when that one has another
 * option, so the result is maximum whatever the input order.
 */
export function maximumMatching(
  left: number,
  right: number,
  edge: (i: number, j: number) => boolean,
): number[] {
  const adj: number[][] = [];
  for (let i = 0; i < left; i++) {
    const row: number[] = [];
    for (let j = 0; j < right; j++) if (edge(i, j)) row.push(j);
    adj.push(row);
  }
  return Array.from(augmentingMatching(left, right, (u) => adj[u]!));
}

/**
 * Kuhn's augmenting paths over adjacency lists: left vertices `0 … left − 1` in order (those
 * `skip` names take no part), each trying its partners in the order `partnersOf` gives them.
 * Returns `matchOfLeft` (-1: unpaired). O(V·E) time for the V left vertices and E edges it walks;
 * the visited marks are reset per left vertex by what that search touched, not by a fresh array.
 */
export function augmentingMatching(
  left: number,
  right: number,
  partnersOf: (u: number) => Iterable<number>,
  skip?: (u: number) => boolean,
): Int32Array {
  const matchOfRight = new Int32Array(right).fill(-1);
  const matchOfLeft = new Int32Array(left).fill(-1);
  const seen = new Uint8Array(right);
  const touched: number[] = [];
  const augment = (u: number): boolean => {
    for (const v of partnersOf(u)) {
      if (seen[v]) continue;
      seen[v] = 1;
      touched.push(v);
      const w = matchOfRight[v]!;
      if (w === -1 || augment(w)) {
        matchOfRight[v] = u;
        matchOfLeft[u] = v;
        return true;
      }
    }
    return false;
  };
  for (let i = 0; i < left; i++) {
    if (skip?.(i) === true) continue;
    augment(i);
    for (const v of touched) seen[v] = 0;
    touched.length = 0;
  }
  return matchOfLeft;
}

/**
 * Minimum-cost perfect assignment of a square cost matrix (Hungarian algorithm with potentials).
 * Returns `assignment[row]` = column, and the total cost.
 */
export function minCostAssignment(cost: readonly (readonly number[])[]): {
  assignment: number[];
  total: number;
} {
  const n = cost.length;
  if (n === 0) return { assignment: [], total: 0 };
  // 1-based arrays, as in the classical formulation.
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0); // p[col] = row assigned to col
  const way = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(n + 1).fill(Infinity);
    const used = new Array<boolean>(n + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[p[j]!]! += delta;
          v[j]! -= delta;
        } else {
          minv[j]! -= delta;
        }
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const assignment = new Array<number>(n).fill(-1);
  let total = 0;
  for (let j = 1; j <= n; j++) {
    const row = p[j]! - 1;
    assignment[row] = j - 1;
    total += cost[row]![j - 1]!;
  }
  return { assignment, total };
}
