/** Below a media list: the page size and the pages (one past the last counted when the count stopped short: there are more). */
import { Group, Pagination, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './listSearch.ts';

export function ListPager({
  count,
  countExact,
  page,
  size,
  onPage,
  onSize,
}: {
  count: number;
  countExact: boolean;
  page: number;
  size: number;
  onPage: (page: number) => void;
  onSize: (size: number) => void;
}) {
  const { t } = useTranslation('explore');
  const pages = pageCount(count, countExact, size);
  // Nothing to choose while everything fits in the smallest page.
  if (count <= PAGE_SIZES[0]) return null;
  return (
    <Group justify="space-between" gap="sm">
      <Select
        label={t('pageSize')}
        data={PAGE_SIZES.map((value) => ({ value: String(value), label: String(value) }))}
        value={String(size)}
        onChange={(value) => value && onSize(Number(value))}
        allowDeselect={false}
        w={110}
        size="xs"
      />
      {pages > 1 && (
        <Pagination
          total={pages}
          value={page + 1}
          onChange={(p) => onPage(p - 1)}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(p) => ({ 'aria-label': t('pagination.page', { page: p }) })}
        />
      )}
    </Group>
  );
}

/** How many pages a list has, as far as it was counted: one more than the counted ones when there are more. */
export const pageCount = (count: number, countExact: boolean, size: number) => Math.max(1, Math.ceil(count / size) + (countExact ? 0 : 1));
