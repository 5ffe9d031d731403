/**
 * Agglomerative (average-linkage) clustering on cosine distances, by the nearest-neighbour chain
 * algorithm: O(n²) time, one n×n Float32 distance matrix (callers cap n). Average linkage is
 * reducible, so sorting the chain's merges by distance gives the same dendrogram as the naive
 * algorithm; the dendrogram is then cut at a number of clusters or at a distance threshold.
 */

export interface Merge {
  a: number;
  b: number;
  distance: number;
}

/** Cosine distance in [0, 2]; 1 when either vector is zero. */
export function cosineDistance(x: ArrayLike<number>, y: ArrayLike<number>): number {
  let dot = 0;
  let nx = 0;
  let ny = 0;
  for (let i = 0; i < x.length; i++) {
    dot += x[i]! * y[i]!;
    nx += x[i]! * x[i]!;
    ny += y[i]! * y[i]!;
  }
  if (nx === 0 || ny === 0) return 1;
  return 1 - dot / Math.sqrt(nx * ny);
}

/** All n−1 merges of average-linkage clustering, sorted by increasing distance. */
export function averageLinkage(vectors: readonly ArrayLike<number>[]): Merge[] {
  const n = vectors.length;
  if (n < 2) return [];
  const d = new Float32Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const v = cosineDistance(vectors[i]!, vectors[j]!);
      d[i * n + j] = v;
      d[j * n + i] = v;
    }
  }
  const size = new Float64Array(n).fill(1);
  const active = new Uint8Array(n).fill(1);
  const merges: Merge[] = [];
  const chain: number[] = [];
  let remaining = n;
  while (remaining > 1) {
    if (chain.length === 0) {
      let first = 0;
      while (!active[first]) first++;
      chain.push(first);
    }
    const top = chain[chain.length - 1]!;
    const previous = chain.length > 1 ? chain[chain.length - 2]! : -1;
    // Nearest active neighbour of top; ties go to the previous element so the chain terminates.
    let best = previous;
    let bestD = previous >= 0 ? d[top * n + previous]! : Infinity;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === top) continue;
      const v = d[top * n + k]!;
      if (v < bestD) {
        bestD = v;
        best = k;
      }
    }
    if (best !== previous) {
      chain.push(best);
      continue;
    }
    // top and previous are reciprocal nearest neighbours: merge previous into top's slot.
    chain.pop();
    chain.pop();
    const [a, b] = top < previous ? [top, previous] : [previous, top];
    merges.push({ a, b, distance: bestD });
    const na = size[a]!;
    const nb = size[b]!;
    for (let k = 0; k < n; k++) {
      if (!active[k] || k === a || k === b) continue;
      const v = (na * d[a * n + k]! + nb * d[b * n + k]!) / (na + nb);
      d[a * n + k] = v;
      d[k * n + a] = v;
    }
    size[a] = na + nb;
    active[b] = 0;
    remaining--;
  }
  // Merges refer to slots; replay them in distance order with union-find to keep them coherent.
  return merges.sort((x, y) => x.distance - y.distance);
}

/**
 * Cluster labels 0…k−1 (numbered by first appearance) after applying merges in distance order
 * until `clusters` remain, or while the merge distance is at most `threshold`, never leaving more
 * than `maxClusters`.
 */
export function cutDendrogram(
  n: number,
  merges: readonly Merge[],
  stop: { clusters?: number | undefined; threshold?: number | undefined; maxClusters?: number | undefined },
): number[] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  let count = n;
  const target = stop.clusters !== undefined ? Math.max(1, Math.min(n, stop.clusters)) : undefined;
  const maxClusters = stop.maxClusters ?? Infinity;
  for (const merge of merges) {
    if (target !== undefined) {
      if (count <= target) break;
    } else if (merge.distance > (stop.threshold ?? Infinity) && count <= maxClusters) break;
    const ra = find(merge.a);
    const rb = find(merge.b);
    if (ra === rb) continue;
    parent[rb] = ra;
    count--;
  }
  const labels: number[] = [];
  const ids = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    if (!ids.has(root)) ids.set(root, ids.size);
    labels.push(ids.get(root)!);
  }
  return labels;
}
