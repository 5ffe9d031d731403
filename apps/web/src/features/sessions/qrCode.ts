/**
 * A public session's link as a QR code: the modules of the code drawn as one SVG path (one unit
 * square per dark module, a quiet zone around), and a PNG of it to download. Pure but for the PNG.
 */
import QRCode from 'qrcode';

/** Modules of light border around the code, as the standard asks. */
export const QUIET_ZONE = 4;

export interface QrDrawing {
  /** The text the code holds. */
  text: string;
  /** The side of the drawing, in modules (quiet zone included): the SVG's viewBox. */
  size: number;
  /** The dark modules, as an SVG path in module units. */
  path: string;
}

/** The drawing of `text` as a QR code (medium error correction, as printed codes commonly use). */
export function qrDrawing(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { text, size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}

/** The drawing as a standalone SVG file: black on white, `pixels` wide by default. */
export function qrSvg(drawing: QrDrawing, pixels = 1024): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${drawing.size} ${drawing.size}" width="${pixels}" height="${pixels}" shape-rendering="crispEdges">`,
    `<rect width="${drawing.size}" height="${drawing.size}" fill="#fff"/>`,
    `<path d="${drawing.path}" fill="#000"/>`,
    '</svg>',
  ].join('');
}

/** A PNG of the code, `width` pixels wide. */
export async function qrPng(text: string, width = 1024): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await QRCode.toCanvas(canvas, text, { errorCorrectionLevel: 'M', margin: QUIET_ZONE, width });
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}

/** The file's name for a session's code: its name made safe for file systems. */
export function qrFileName(sessionName: string, extension: 'png' | 'svg'): string {
  const safe = sessionName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${safe || 'session'}-qr.${extension}`;
}
