import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrDrawing, qrFileName, qrSvg } from './qrCode.ts';

const LINK = 'https://palabre.example.org/interface/0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9/sessions/7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d';

/** The dark modules a drawing's path paints, as "row,col" of the code (quiet zone taken off). */
function painted(path: string): Set<string> {
  return new Set([...path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${Number(y) - QUIET_ZONE},${Number(x) - QUIET_ZONE}`));
}

describe('the QR code of a public link', () => {
  it('holds the link, whole, and paints exactly the dark modules of its code', () => {
    const drawing = qrDrawing(LINK);
    const code = QRCode.create(LINK, { errorCorrectionLevel: 'M' });
    expect(drawing.text).toBe(LINK);
    // The code holds the link's bytes, whole.
    const held = code.segments.map((segment) => new TextDecoder().decode(Uint8Array.from((segment as unknown as { data: ArrayLike<number> }).data))).join('');
    expect(held).toBe(LINK);
    expect(drawing.size).toBe(code.modules.size + 2 * QUIET_ZONE);
    const dark = new Set<string>();
    for (let row = 0; row < code.modules.size; row += 1) for (let col = 0; col < code.modules.size; col += 1) if (code.modules.get(row, col)) dark.add(`${row},${col}`);
    expect(painted(drawing.path)).toEqual(dark);
    // The three finder patterns' corners are dark; the quiet zone is not painted.
    expect(dark.has('0,0') && dark.has(`0,${code.modules.size - 1}`) && dark.has(`${code.modules.size - 1},0`)).toBe(true);
    expect([...painted(drawing.path)].every((cell) => cell.split(',').every((n) => Number(n) >= 0 && Number(n) < code.modules.size))).toBe(true);
  });

  it('differs for another link', () => {
    expect(qrDrawing(`${LINK}x`).path).not.toBe(qrDrawing(LINK).path);
  });

  it('makes a standalone SVG file, black on white', () => {
    const drawing = qrDrawing(LINK);
    const svg = qrSvg(drawing, 512);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1" width="512" height="512"/);
    expect(svg).toContain(`<path d="${drawing.path}" fill="#000"/>`);
    expect(svg).toContain('fill="#fff"');
    expect(svg).not.toContain('<script');
  });

  it('names the files after the session', () => {
    expect(qrFileName('Conseil municipal — séance du 3/11', 'png')).toBe('conseil-municipal-seance-du-3-11-qr.png');
    expect(qrFileName('???', 'svg')).toBe('session-qr.svg');
  });
});
