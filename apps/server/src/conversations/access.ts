/** A policy verdict on a media made into the API's answer: not found when hidden, 403 when forbidden. */
import { AppError, notFound } from '../http/errors.ts';
import type { MediaAccess } from '../policy.ts';

export function enforceMediaAccess(verdict: MediaAccess, message = 'Your rights on this media do not allow this'): void {
  if (verdict === 'hidden') throw notFound('Conversation');
  if (verdict === 'forbidden') throw new AppError('forbidden', message);
}
