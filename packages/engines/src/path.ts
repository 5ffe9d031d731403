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

const MULTIARCH: Partial<Record<NodeJS.Architecture, string>> = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' };

/**
 * Where a shared library such as `libpocketsphinx.so.3` is installed, or null: the folders of
 * `LD_LIBRARY_PATH`, then the system's (Debian's multiarch folder first). A file found there is a
 * library the dynamic loader would find, not a proof that it loads: engines that load it check that
 * in a child process. Synchronous, like findOnPath, for checks that answer at once.
 */
export function findSharedLibrary(name: string, libraryPath: string = process.env.LD_LIBRARY_PATH ?? '', arch: NodeJS.Architecture = process.arch): string | null {
  const multiarch = MULTIARCH[arch];
  const system = [...(multiarch ? [`/usr/lib/${multiarch}`, `/lib/${multiarch}`] : []), '/usr/local/lib', '/usr/lib', '/lib'];
  for (const dir of [...libraryPath.split(path.delimiter).filter(Boolean), ...system]) {
    const candidate = path.join(dir, path.basename(name));
    try {
      accessSync(candidate, constants.R_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return null;
}
