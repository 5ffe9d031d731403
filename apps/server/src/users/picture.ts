/** Profile pictures: small images, recognised by their bytes rather than by the name the client gave. */
import { Readable } from 'node:stream';
import { AppError } from '../http/errors.ts';
import { randomSecret } from '../auth/secrets.ts';
import type { Storage } from '../storage/storage.ts';

export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;

const SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  { ext: 'png', type: 'image/png', test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', type: 'image/gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  { ext: 'webp', type: 'image/webp', test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP' },
];

export function pictureType(key: string): string {
  const ext = key.split('.').pop();
  return SIGNATURES.find((s) => s.ext === ext)?.type ?? 'application/octet-stream';
}

/** Checks that the bytes are a supported image of acceptable size; returns its kind. */
export function checkPicture(bytes: Buffer): { ext: string; type: string } {
  if (bytes.length === 0) throw new AppError('validation_failed', 'The picture is empty', { picture: 'error.invalid' });
  if (bytes.length > MAX_PICTURE_BYTES) throw new AppError('payload_too_large', 'The picture is too big. The maximum size is 5MB.');
  const kind = SIGNATURES.find((s) => s.test(bytes));
  if (!kind) throw new AppError('validation_failed', 'The picture must be a PNG, JPEG, GIF or WebP image', { picture: 'error.invalid_format' });
  return kind;
}

export async function storePicture(storage: Storage, userId: string, bytes: Buffer): Promise<string> {
  const kind = checkPicture(bytes);
  const key = `pictures/${userId}-${randomSecret(6)}.${kind.ext}`;
  await storage.put(key, Readable.from(bytes));
  return key;
}
