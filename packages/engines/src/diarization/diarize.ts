/**
 * Built-in speaker diarization, without neural weights, on 16 kHz mono 16-bit PCM.
 *
 * Pipeline (all our own DSP, no dependency):
 *  1. Features, streamed (features.ts): per 10 ms frame, log energy, zero-crossing rate and 20 MFCCs
 *     (pre-emphasis 0.97, 25 ms Hamming window, 512-point FFT, 26 mel bands, log, DCT). Only the
 *     features are kept in memory (~30 MB per hour of audio), never the samples.
 *  2. Voice activity detection (vad.ts): adaptive energy threshold plus zero-crossing rate for
 *     unvoiced consonants → speech regions; silence gives no segment at all.
 *  3. Cepstral mean normalisation: the mean MFCC vector over all speech frames is subtracted.
 *  4. Sliding windows of 1.5 s with a 0.75 s hop inside each speech region (a region shorter than a
 *     window is one window); each window's embedding is the mean and standard deviation of c1…c19
 *     (c0, the loudness, is left out) plus the standard deviation of their deltas, then every
 *     dimension is standardised across the recording's windows.
 *  5. Average-linkage agglomerative clustering on cosine distance (cluster.ts), stopped at the
 *     requested number of speakers, or — number unknown — at a distance threshold (0.85 by
 *     default, tuned on a synthesised three-voice conversation; see docs/PERFORMANCE.md), never more
 *     than `maxSpeakers` (20); with the number unknown, a cluster of fewer than max(4, 5 % of the)
 *     windows (~3 s of speech) is not taken for a speaker and joins its nearest cluster (without
 *     this, a single speaker came out as 4–5). Above 1,500 windows, evenly spaced windows are clustered and the
 *     others join the nearest cluster centroid. Two passes of centroid reassignment (k-means style)
 *     then fix windows that average linkage put on the wrong side.
 *  6. Each speech frame takes the label of the nearest window centre; runs of one label become
 *     segments; segments shorter than `minSegmentSeconds` (0.6 s) are merged into their longer
 *     adjacent neighbour, and adjacent same-speaker segments less than 0.3 s apart are joined.
 *  7. Speakers are named S1, S2… in order of first appearance.
 *
 * Output: `[{ speaker: 'S1', stime, etime }]` in seconds, sorted, non-overlapping.
 */
import { createReadStream } from 'node:fs';
import { EngineError } from '../errors.ts';
import { assertEnginePcm, readWavInfo } from '../media/wav.ts';
import { averageLinkage, cosineDistance, cutDendrogram } from './cluster.ts';
import { FeatureExtractor, FRAMES_PER_SECOND, MFCC_COUNT, MFCC_OFFSET, type FeatureStore } from './features.ts';
import { detectSpeech, type FrameRegion, type VadOptions } from './vad.ts';

export interface SpeakerSegment {
  /** 'S1', 'S2'… in order of first appearance. */
  speaker: string;
  stime: number;
  etime: number;
}

export interface DiarizationOptions extends VadOptions {
  /** The requested number of speakers; unknown when absent (the threshold decides). */
  numberOfSpeakers?: number | undefined;
  /** Upper bound when the number is unknown (default 20). */
  maxSpeakers?: number | undefined;
  /** Cosine-distance threshold stopping the clustering when the number is unknown (default 0.85). */
  threshold?: number | undefined;
  /** Default 1.5 s. */
  windowSeconds?: number | undefined;
  /** Default 0.75 s. */
  hopSeconds?: number | undefined;
  /** Segments shorter than this are merged into a neighbour (default 0.6 s). */
  minSegmentSeconds?: number | undefined;
}

export const DEFAULT_DIARIZATION_THRESHOLD = 0.85;
export const MAX_SPEAKERS = 20;
const MAX_CLUSTERED_WINDOWS = 1500;
const MIN_CLUSTER_WINDOWS = 4;
const FIRST_COEFF = 1; // c0 (loudness) is left out of embeddings
const JOIN_GAP_FRAMES = 30;

interface Window {
  start: number;
  end: number;
  centre: number;
  region: number;
}

function makeWindows(regions: FrameRegion[], windowFrames: number, hopFrames: number): Window[] {
  const windows: Window[] = [];
  regions.forEach((region, r) => {
    const length = region.end - region.start;
    if (length <= windowFrames) {
      windows.push({ start: region.start, end: region.end, centre: (region.start + region.end) / 2, region: r });
      return;
    }
    const count = Math.ceil((length - windowFrames) / hopFrames) + 1;
    for (let w = 0; w < count; w++) {
      // The last window is aligned to the region's end.
      const start = Math.min(region.start + w * hopFrames, region.end - windowFrames);
      windows.push({ start, end: start + windowFrames, centre: start + windowFrames / 2, region: r });
    }
  });
  return windows;
}

function embeddings(store: FeatureStore, regions: FrameRegion[], windows: Window[]): Float64Array[] {
  const dims = MFCC_COUNT - FIRST_COEFF;
  // Cepstral mean normalisation over speech frames.
  const mean = new Float64Array(dims);
  let count = 0;
  for (const region of regions) {
    for (let f = region.start; f < region.end; f++) {
      for (let c = 0; c < dims; c++) mean[c]! += store.get(f, MFCC_OFFSET + FIRST_COEFF + c);
      count++;
    }
  }
  for (let c = 0; c < dims; c++) mean[c]! /= Math.max(1, count);
  const vectors = windows.map((w) => {
    const sum = new Float64Array(dims);
    const squares = new Float64Array(dims);
    const deltaSquares = new Float64Array(dims);
    const frames = w.end - w.start;
    for (let f = w.start; f < w.end; f++) {
      for (let c = 0; c < dims; c++) {
        const v = store.get(f, MFCC_OFFSET + FIRST_COEFF + c) - mean[c]!;
        sum[c]! += v;
        squares[c]! += v * v;
        if (f + 1 < w.end) {
          const delta = store.get(f + 1, MFCC_OFFSET + FIRST_COEFF + c) - store.get(f, MFCC_OFFSET + FIRST_COEFF + c);
          deltaSquares[c]! += delta * delta;
        }
      }
    }
    const vector = new Float64Array(dims * 3);
    for (let c = 0; c < dims; c++) {
      const m = sum[c]! / frames;
      vector[c] = m;
      vector[dims + c] = Math.sqrt(Math.max(0, squares[c]! / frames - m * m));
      vector[2 * dims + c] = Math.sqrt(deltaSquares[c]! / Math.max(1, frames - 1));
    }
    return vector;
  });
  // Standardise every dimension across windows so no coefficient dominates the cosine.
  const size = dims * 3;
  for (let k = 0; k < size; k++) {
    let m = 0;
    for (const v of vectors) m += v[k]!;
    m /= Math.max(1, vectors.length);
    let variance = 0;
    for (const v of vectors) variance += (v[k]! - m) ** 2;
    const sd = Math.sqrt(variance / Math.max(1, vectors.length));
    for (const v of vectors) v[k] = sd > 1e-9 ? (v[k]! - m) / sd : 0;
  }
  return vectors;
}

function centroids(vectors: Float64Array[], labels: number[], k: number): Float64Array[] {
  const size = vectors[0]?.length ?? 0;
  const sums = Array.from({ length: k }, () => new Float64Array(size));
  vectors.forEach((v, i) => {
    const s = sums[labels[i]!]!;
    // Unit-normalise so every window weighs the same in the cosine centroid.
    let norm = 0;
    for (let j = 0; j < size; j++) norm += v[j]! * v[j]!;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < size; j++) s[j]! += v[j]! / norm;
  });
  return sums;
}

function nearest(vector: Float64Array, centres: Float64Array[]): number {
  let best = 0;
  let bestD = Infinity;
  centres.forEach((c, i) => {
    const d = cosineDistance(vector, c);
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  });
  return best;
}

/**
 * Number unknown: a cluster of fewer than max(4, 5 % of) windows (about 3 s of speech) is not
 * believed to be a speaker of its own; its windows join the nearest other cluster. Relabels in place.
 */
function absorbSmallClusters(vectors: Float64Array[], labels: number[], k: number): number {
  const minWindows = Math.max(MIN_CLUSTER_WINDOWS, Math.ceil(0.05 * vectors.length));
  for (;;) {
    const counts = new Array<number>(k).fill(0);
    for (const l of labels) counts[l]!++;
    let smallest = -1;
    counts.forEach((c, i) => {
      if (c > 0 && c < minWindows && (smallest < 0 || c < counts[smallest]!)) smallest = i;
    });
    const alive = counts.filter((c) => c > 0).length;
    if (smallest < 0 || alive <= 1) break;
    const centres = centroids(vectors, labels, k);
    centres[smallest] = new Float64Array(centres[smallest]!.length); // zero: never the nearest
    labels.forEach((l, i) => {
      if (l !== smallest) return;
      let best = -1;
      let bestD = Infinity;
      centres.forEach((c, j) => {
        if (j === smallest || counts[j] === 0) return;
        const d = cosineDistance(vectors[i]!, c);
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      });
      labels[i] = best;
    });
  }
  const used = [...new Set(labels)].sort((a, b) => a - b);
  const renumber = new Map(used.map((label, i) => [label, i]));
  labels.forEach((l, i) => (labels[i] = renumber.get(l)!));
  return used.length;
}

function clusterWindows(vectors: Float64Array[], options: DiarizationOptions): number[] {
  const n = vectors.length;
  const requested = options.numberOfSpeakers;
  if (n === 0) return [];
  if (requested !== undefined && requested <= 1) return new Array<number>(n).fill(0);
  const maxSpeakers = Math.max(1, Math.min(MAX_SPEAKERS, options.maxSpeakers ?? MAX_SPEAKERS));
  let sample = vectors.map((_, i) => i);
  if (n > MAX_CLUSTERED_WINDOWS) {
    sample = Array.from({ length: MAX_CLUSTERED_WINDOWS }, (_, i) => Math.floor((i * n) / MAX_CLUSTERED_WINDOWS));
  }
  const sampled = sample.map((i) => vectors[i]!);
  const merges = averageLinkage(sampled);
  const sampleLabels = cutDendrogram(sampled.length, merges, {
    clusters: requested === undefined ? undefined : Math.min(requested, MAX_SPEAKERS),
    threshold: options.threshold ?? DEFAULT_DIARIZATION_THRESHOLD,
    maxClusters: maxSpeakers,
  });
  let k = Math.max(...sampleLabels) + 1;
  if (requested === undefined) k = absorbSmallClusters(sampled, sampleLabels, k);
  let labels: number[];
  if (sample.length === n) labels = sampleLabels;
  else {
    const centres = centroids(sampled, sampleLabels, k);
    labels = vectors.map((v) => nearest(v, centres));
  }
  // Centroid reassignment passes; clusters that empty out disappear.
  for (let pass = 0; pass < 2 && k > 1; pass++) {
    const centres = centroids(vectors, labels, k);
    const next = vectors.map((v) => nearest(v, centres));
    const used = [...new Set(next)].sort((a, b) => a - b);
    const renumber = new Map(used.map((label, i) => [label, i]));
    labels = next.map((l) => renumber.get(l)!);
    k = used.length;
  }
  return labels;
}

interface FrameSegment {
  label: number;
  start: number;
  end: number;
}

function smooth(segments: FrameSegment[], minFrames: number): FrameSegment[] {
  const list = segments.map((s) => ({ ...s }));
  for (;;) {
    let shortest = -1;
    for (let i = 0; i < list.length; i++) {
      const s = list[i]!;
      if (s.end - s.start >= minFrames) continue;
      const hasNeighbour =
        (i > 0 && s.start - list[i - 1]!.end < JOIN_GAP_FRAMES && list[i - 1]!.label !== s.label) ||
        (i + 1 < list.length && list[i + 1]!.start - s.end < JOIN_GAP_FRAMES && list[i + 1]!.label !== s.label);
      if (!hasNeighbour) continue;
      if (shortest < 0 || s.end - s.start < list[shortest]!.end - list[shortest]!.start) shortest = i;
    }
    if (shortest < 0) break;
    const s = list[shortest]!;
    const before = shortest > 0 && s.start - list[shortest - 1]!.end < JOIN_GAP_FRAMES ? list[shortest - 1] : undefined;
    const after = shortest + 1 < list.length && list[shortest + 1]!.start - s.end < JOIN_GAP_FRAMES ? list[shortest + 1] : undefined;
    const target = before && after ? (before.end - before.start >= after.end - after.start ? before : after) : (before ?? after)!;
    s.label = target.label;
    joinSameSpeaker(list);
  }
  return list;
}

function joinSameSpeaker(list: FrameSegment[]): void {
  for (let i = 1; i < list.length;) {
    const a = list[i - 1]!;
    const b = list[i]!;
    if (a.label === b.label && b.start - a.end < JOIN_GAP_FRAMES) {
      a.end = b.end;
      list.splice(i, 1);
    } else i++;
  }
}

/** Diarizes frame features already extracted (the pure core). */
export function diarizeFeatures(store: FeatureStore, options: DiarizationOptions = {}): SpeakerSegment[] {
  const regions = detectSpeech(store, options);
  if (regions.length === 0) return [];
  const windowFrames = Math.round((options.windowSeconds ?? 1.5) * FRAMES_PER_SECOND);
  const hopFrames = Math.max(1, Math.round((options.hopSeconds ?? 0.75) * FRAMES_PER_SECOND));
  const windows = makeWindows(regions, windowFrames, hopFrames);
  const labels = clusterWindows(embeddings(store, regions, windows), options);
  // Label frames by nearest window centre within the region, then collect runs.
  const segments: FrameSegment[] = [];
  let w = 0;
  regions.forEach((region, r) => {
    while (w < windows.length && windows[w]!.region < r) w++;
    const first = w;
    let last = w;
    while (last + 1 < windows.length && windows[last + 1]!.region === r) last++;
    let current = first;
    for (let f = region.start; f < region.end; f++) {
      while (current < last && Math.abs(windows[current + 1]!.centre - f) <= Math.abs(windows[current]!.centre - f)) current++;
      const label = labels[current]!;
      const previous = segments[segments.length - 1];
      if (previous && previous.label === label && previous.end === f) previous.end = f + 1;
      else segments.push({ label, start: f, end: f + 1 });
    }
  });
  joinSameSpeaker(segments);
  const smoothed = smooth(segments, Math.round((options.minSegmentSeconds ?? 0.6) * FRAMES_PER_SECOND));
  const names = new Map<number, string>();
  return smoothed.map((s, i) => {
    if (!names.has(s.label)) names.set(s.label, `S${names.size + 1}`);
    // A frame covers 25 ms from its start; a segment ends where its last frame does, or where the
    // next segment starts when they touch.
    const next = smoothed[i + 1];
    const end = Math.min((s.end - 1) / FRAMES_PER_SECOND + 0.025, next ? next.start / FRAMES_PER_SECOND : Infinity);
    return {
      speaker: names.get(s.label)!,
      stime: Math.round((s.start / FRAMES_PER_SECOND) * 1000) / 1000,
      etime: Math.round(end * 1000) / 1000,
    };
  });
}

/** Diarizes samples already in memory (tests, short clips). */
export function diarizeSamples(samples: ArrayLike<number>, options: DiarizationOptions = {}): SpeakerSegment[] {
  const extractor = new FeatureExtractor();
  extractor.pushSamples(samples);
  return diarizeFeatures(extractor.store, options);
}

/**
 * Diarizes a 16 kHz mono 16-bit WAV (the engine PCM) read as a stream; memory holds the features,
 * not the audio.
 */
export async function diarizeWavFile(
  path: string,
  options: DiarizationOptions & { signal?: AbortSignal | undefined; onProgress?: ((fraction: number) => void) | undefined } = {},
): Promise<SpeakerSegment[]> {
  const info = await readWavInfo(path);
  assertEnginePcm(info, path);
  const extractor = new FeatureExtractor(info.sampleRate);
  if (info.dataBytes > 0) {
    const stream = createReadStream(path, {
      start: info.dataOffset,
      end: info.dataOffset + info.dataBytes - 1,
      highWaterMark: 256 * 1024,
      signal: options.signal,
    });
    let read = 0;
    try {
      for await (const chunk of stream) {
        extractor.push(chunk as Buffer);
        read += (chunk as Buffer).length;
        options.onProgress?.(Math.min(0.9, (0.9 * read) / info.dataBytes));
      }
    } catch (error) {
      if (options.signal?.aborted) throw new EngineError('aborted', 'Diarization was cancelled', { cause: error });
      throw error;
    }
  }
  const segments = diarizeFeatures(extractor.store, options);
  options.onProgress?.(1);
  return segments;
}
