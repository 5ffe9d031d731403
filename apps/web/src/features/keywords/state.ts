/** What the keywords section offers for a state: generate, regenerate (up to date), update (outdated), retry (error), or nothing (running, or not allowed). */
import type { Keywords } from '@palabre/shared';

export type KeywordAction = 'generate' | 'regenerate' | 'update' | 'retry';

export function keywordAction(keywords: Keywords | undefined, options: { mayGenerate: boolean; running: boolean }): KeywordAction | null {
  if (!options.mayGenerate || !keywords || options.running) return null;
  if (keywords.state === 'error') return 'retry';
  if (keywords.state === 'outdated') return 'update';
  // Keywords that are there already are made again, not generated a first time.
  if (keywords.state === 'up_to_date') return 'regenerate';
  return 'generate';
}
