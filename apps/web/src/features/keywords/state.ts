/** What the keywords section offers for a state: generate, update (outdated), retry (error), or nothing (running, or not allowed). */
import type { Keywords } from '@palabre/shared';

export type KeywordAction = 'generate' | 'update' | 'retry';

export function keywordAction(keywords: Keywords | undefined, options: { mayGenerate: boolean; running: boolean }): KeywordAction | null {
  if (!options.mayGenerate || !keywords || options.running) return null;
  if (keywords.state === 'error') return 'retry';
  if (keywords.state === 'outdated') return 'update';
  return 'generate';
}
