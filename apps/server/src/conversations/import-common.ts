/** What the direct download (url-import.ts) and yt-dlp (yt-dlp.ts) of a URL import share. */
import { fileName } from '@palabre/shared';

/**
 * Why an address cannot be imported, for the form: its address is one the server may not reach, its
 * host name has no address, or anything else (scheme, credentials, not a URL).
 */
export type ImportRefusal = 'address_not_allowed' | 'host_not_found' | 'forbidden_url';

/** The address cannot be imported (not retryable); the message is safe to show. */
export class ImportRefused extends Error {
  readonly reason: ImportRefusal;
  constructor(message: string, reason: ImportRefusal = 'forbidden_url') {
    super(message);
    this.reason = reason;
  }
}

/** The download failed; the message is safe to show (no address, path or DNS answer). */
export class ImportFailed extends Error {}

export const TOO_BIG = 'The audio file is too big. The maximum size is 1GB.';

/** The file name a URL suggests (its last path segment, decoded), or `fallback`. */
export function fileNameOf(url: URL, fallback: string): string {
  const last = url.pathname.split('/').pop() ?? '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    // A malformed escape: the segment as it came.
  }
  return fileName(decoded, fallback);
}

export interface Downloaded {
  key: string;
  name: string;
  size: number;
  mimeType: string | null;
}
