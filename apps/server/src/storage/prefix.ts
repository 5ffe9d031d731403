/** A key prefix inside a bucket, as configured ("palabre", "/a/b/"), made empty or "segments/". */
export function normalizeBucketPrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}
