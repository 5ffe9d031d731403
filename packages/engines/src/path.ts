/** Finding a command-line tool the way a shell would, without running one. */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The full path of `binary` in the first `PATH` folder that holds an executable of that name, or
 * null. A name with a slash is a path already and is only checked. Empty `PATH` entries are skipped:
 * a shell would read them as the current folder, and a server must not run tools from wherever it
 * was started. Synchronous on purpose: a few `access` calls, used by checks that answer at once.
 */
export function findOnPath(binary: string, searchPath: string = process.env.PATH ?? ''): string | null {
  if (binary.includes('/')) return executable(binary) ? binary : null;
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    if (executable(candidate)) return candidate;
  }
  return null;
}
