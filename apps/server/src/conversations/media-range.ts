/** HTTP Range (RFC 9110 §14) for media: one byte range; several ranges are served whole. */

export type RangeResult = { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return { kind: 'full' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: 'unsatisfiable' };
  const specs = match[1]!.split(',').map((s) => s.trim());
  // A multipart/byteranges answer is not worth it for a player: several ranges → whole file.
  if (specs.length > 1) return { kind: 'full' };
  const spec = /^(\d*)\s*-\s*(\d*)$/.exec(specs[0]!);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'unsatisfiable' };
  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const end = spec[2] === '' ? size - 1 : Math.min(Number(spec[2]), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end };
}
