/**
 * What a bot's process tree (the runner and its Chromium, every renderer included) uses, read from
 * /proc, and the watchdog's decision on it. Memory is the tree's proportional set size (PSS: pages
 * shared between Chromium's processes count once in all) where the kernel gives it, else the sum
 * of resident sizes.
 */
import fs from 'node:fs';

/** Linux reports CPU times in clock ticks of 1/100 s on every architecture Node runs on. */
const CLOCK_TICKS = 100;
const PAGE_BYTES = 4096;

export interface TreeSample {
  /** When, in milliseconds (monotonic). */
  at: number;
  /** CPU seconds used by the tree's live processes (and the children they waited for). */
  cpuSeconds: number;
  memoryBytes: number;
  /** The sum of the processes' resident sizes (pages shared between them counted in each). */
  rssBytes: number;
  /** The tree's process ids, the root first. */
  pids: number[];
}

interface ProcStat {
  pid: number;
  ppid: number;
  cpuTicks: number;
  rssPages: number;
}

/** One /proc/<pid>/stat line (the command name may hold spaces and parentheses). */
export function parseStat(line: string): ProcStat | null {
  const close = line.lastIndexOf(')');
  const pid = Number.parseInt(line, 10);
  if (close < 0 || !Number.isFinite(pid)) return null;
  // Fields from the state on: state is field 3, so field n is at n - 3.
  const fields = line.slice(close + 2).split(' ');
  const field = (n: number) => Number(fields[n - 3]);
  const cpuTicks = field(14) + field(15) + field(16) + field(17);
  if (!Number.isFinite(cpuTicks)) return null;
  return { pid, ppid: field(4), cpuTicks, rssPages: field(24) };
}

function readStats(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = parseStat(fs.readFileSync(`/proc/${entry}/stat`, 'utf8'));
      if (stat) stats.push(stat);
    } catch {
      // Gone meanwhile.
    }
  }
  return stats;
}

/** The root and every descendant of it, from a list of processes. */
export function treeOf(root: number, stats: ReadonlyArray<Pick<ProcStat, 'pid' | 'ppid'>>): number[] {
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (tree.includes(pid)) continue;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

function pssBytes(pid: number): number | null {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the tree of `root` now; null when the root is gone (or there is no /proc). */
export function sampleTree(root: number, now = performance.now()): TreeSample | null {
  if (!fs.existsSync(`/proc/${root}/stat`)) return null;
  const stats = readStats();
  const byPid = new Map(stats.map((stat) => [stat.pid, stat]));
  if (!byPid.has(root)) return null;
  const pids = treeOf(root, stats).filter((pid) => byPid.has(pid));
  let cpuTicks = 0;
  let memoryBytes = 0;
  let rssBytes = 0;
  for (const pid of pids) {
    const stat = byPid.get(pid)!;
    cpuTicks += stat.cpuTicks;
    rssBytes += stat.rssPages * PAGE_BYTES;
    memoryBytes += pssBytes(pid) ?? stat.rssPages * PAGE_BYTES;
  }
  return { at: now, cpuSeconds: cpuTicks / CLOCK_TICKS, memoryBytes, rssBytes, pids };
}

export interface ResourceLimits {
  memoryMb: number;
  /** Percent of one core, averaged over `cpuWindowMs`. */
  cpuPercent: number;
  cpuWindowMs: number;
}

export const CPU_WINDOW_MS = 60_000;

/** CPU use (% of a core) between two samples; a tree whose processes ended may lose time: never below 0. */
export function cpuPercentBetween(first: Pick<TreeSample, 'at' | 'cpuSeconds'>, last: Pick<TreeSample, 'at' | 'cpuSeconds'>): number {
  const elapsed = (last.at - first.at) / 1000;
  return elapsed > 0 ? Math.max(0, ((last.cpuSeconds - first.cpuSeconds) / elapsed) * 100) : 0;
}

/**
 * The watchdog's decision on the samples so far (oldest first): `memory` when the last one is
 * above the limit, `cpu` when the use over the last full window is above it, else null. The
 * first minute is never judged on CPU (starting Chromium is a burst).
 */
export function overLimit(samples: ReadonlyArray<Pick<TreeSample, 'at' | 'cpuSeconds' | 'memoryBytes'>>, limits: ResourceLimits): 'memory' | 'cpu' | null {
  const last = samples.at(-1);
  if (!last) return null;
  if (last.memoryBytes > limits.memoryMb * 1024 * 1024) return 'memory';
  // The newest sample at least a window older than the last one.
  const start = samples.findLast((sample) => last.at - sample.at >= limits.cpuWindowMs);
  if (!start) return null;
  return cpuPercentBetween(start, last) > limits.cpuPercent ? 'cpu' : null;
}

/** Drops the samples no decision needs any more (older than the newest one a window before the last). */
export function trimSamples<T extends Pick<TreeSample, 'at'>>(samples: T[], windowMs: number): T[] {
  const last = samples.at(-1);
  if (!last) return samples;
  const keepFrom = samples.findLastIndex((sample) => last.at - sample.at >= windowMs);
  return keepFrom > 0 ? samples.slice(keepFrom) : samples;
}
