/** File checks that answer yes or no instead of throwing. */
import { access, constants } from 'node:fs/promises';

/** Whether `file` exists and this process may use it as `mode` asks (default: it exists). */
export async function canAccess(file: string, mode: number = constants.F_OK): Promise<boolean> {
  try {
    await access(file, mode);
    return true;
  } catch {
    return false;
  }
}

export const isReadable = (file: string): Promise<boolean> => canAccess(file, constants.R_OK);
