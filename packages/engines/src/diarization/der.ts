/**
 * Diarization error rate, as NIST md-eval scores it:
 *
 *   DER = (missed speech + false alarm + speaker confusion) / total reference speech
 *
 * computed exactly over the elementary intervals between all segment boundaries (no frame
 * rounding). Each interval counts N_ref (reference speakers talking) and N_hyp; missed speech adds
 * max(0, N_ref − N_hyp), false alarm max(0, N_hyp − N_ref), and confusion min(N_ref, N_hyp) minus the
 * number of correctly mapped speakers, all weighted by the interval's duration. Reference and
 * hypothesis speakers are mapped one-to-one so as to maximise their total overlap (Hungarian
 * algorithm). A no-score collar of `collar` seconds (default 0.25) on each side of every reference
 * boundary is left out. With no reference speech, DER is 0 when the hypothesis is empty too and
 * Infinity otherwise.
 */

export interface LabelledSegment {
  speaker: string;
  stime: number;
  etime: number;
}

export interface DerResult {
  der: number;
  /** Seconds. */
  missed: number;
  falseAlarm: number;
  confusion: number;
  /** Seconds of scored reference speech (the denominator). */
  total: number;
  /** Reference speaker → hypothesis speaker chosen by the optimal mapping. */
  mapping: Record<string, string>;
}

/** Minimum-cost assignment on a square matrix (Hungarian algorithm, O(n³)); returns column per row. */
function hungarian(cost: number[][]): number[] {
  const n = cost.length;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(n + 1).fill(0);
  const p = new Array<number>(n + 1).fill(0);
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
        } else minv[j]! -= delta;
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
  for (let j = 1; j <= n; j++) if (p[j]! > 0) assignment[p[j]! - 1] = j - 1;
  return assignment;
}

export function diarizationErrorRate(reference: readonly LabelledSegment[], hypothesis: readonly LabelledSegment[], options: { collar?: number } = {}): DerResult {
  const collar = options.collar ?? 0.25;
  const noScore =
    collar > 0
      ? reference.flatMap(
          (s) =>
            [
              [s.stime - collar, s.stime + collar],
              [s.etime - collar, s.etime + collar],
            ] as const,
        )
      : [];
  const points = new Set<number>();
  for (const s of [...reference, ...hypothesis]) {
    points.add(s.stime);
    points.add(s.etime);
  }
  for (const [a, b] of noScore) {
    points.add(a);
    points.add(b);
  }
  const sorted = [...points].sort((a, b) => a - b);
  const refSpeakers = [...new Set(reference.map((s) => s.speaker))];
  const hypSpeakers = [...new Set(hypothesis.map((s) => s.speaker))];
  const overlap = refSpeakers.map(() => new Array<number>(hypSpeakers.length).fill(0));
  let total = 0;
  let missed = 0;
  let falseAlarm = 0;
  let matchable = 0;
  const active = (segments: readonly LabelledSegment[], t: number) => new Set(segments.filter((s) => s.stime <= t && t < s.etime).map((s) => s.speaker));
  for (let i = 0; i + 1 < sorted.length; i++) {
    const t0 = sorted[i]!;
    const t1 = sorted[i + 1]!;
    const duration = t1 - t0;
    if (duration <= 0) continue;
    const mid = (t0 + t1) / 2;
    if (noScore.some(([a, b]) => a <= mid && mid < b)) continue;
    const refs = active(reference, mid);
    const hyps = active(hypothesis, mid);
    total += refs.size * duration;
    missed += Math.max(0, refs.size - hyps.size) * duration;
    falseAlarm += Math.max(0, hyps.size - refs.size) * duration;
    matchable += Math.min(refs.size, hyps.size) * duration;
    for (const r of refs) for (const h of hyps) overlap[refSpeakers.indexOf(r)]![hypSpeakers.indexOf(h)]! += duration;
  }
  const size = Math.max(refSpeakers.length, hypSpeakers.length);
  const cost = Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, h) => -(overlap[r]?.[h] ?? 0)));
  const assignment = size > 0 ? hungarian(cost) : [];
  let correct = 0;
  const mapping: Record<string, string> = {};
  refSpeakers.forEach((speaker, r) => {
    const h = assignment[r]!;
    if (h >= 0 && h < hypSpeakers.length) {
      mapping[speaker] = hypSpeakers[h]!;
      correct += overlap[r]![h]!;
    }
  });
  const confusion = Math.max(0, matchable - correct);
  const errors = missed + falseAlarm + confusion;
  const der = total > 0 ? errors / total : errors > 0 ? Infinity : 0;
  return { der, missed, falseAlarm, confusion, total, mapping };
}
