/**
 * What a page shows while the object it is about has not arrived: a loader while it loads, the
 * not-found page when it is missing or out of reach, the error otherwise.
 */
import { Navigate } from 'react-router';
import { isMissing } from '../api/client.ts';
import { paths } from '../routes/paths.ts';
import { CenteredLoader } from './CenteredLoader.tsx';
import { ErrorView } from './ErrorView.tsx';

export function QueryFallback({ query }: { query: { isPending: boolean; error: unknown } }) {
  if (query.isPending) return <CenteredLoader />;
  if (isMissing(query.error)) return <Navigate to={paths.notFound} replace />;
  return <ErrorView error={query.error} />;
}
