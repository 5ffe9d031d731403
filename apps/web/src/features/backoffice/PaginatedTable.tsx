/**
 * The backoffice lists: a page of a paginated query shown as a table (with loading, error and empty
 * states), then a footer with the total, the page size and the page navigation.
 */
import { Group, Pagination, Select, Table, Text } from '@mantine/core';
import { DEFAULT_PAGE_SIZE } from '@palabre/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredLoader } from '../../components/CenteredLoader.tsx';
import type { Page } from './backofficeApi.ts';

const SIZES = ['10', '25', '50', '100'];

/** Page number (from 0) and page size of a list; changing the size goes back to the first page. */
export function usePagination() {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const changeSize = (next: number) => {
    setSize(next);
    setPage(0);
  };
  return { page, size, setPage, setSize: changeSize };
}

export type PaginationState = ReturnType<typeof usePagination>;

interface PaginatedTableProps<T> {
  query: UseQueryResult<Page<T>>;
  pagination: PaginationState;
  /** Accessible name of the table. */
  label: string;
  minWidth: number;
  /** Header cells. */
  head: ReactNode;
  /** One table row per item. */
  row: (item: T) => ReactNode;
  empty: string;
  total: (count: number) => string;
}

export function PaginatedTable<T>({ query, pagination, label, minWidth, head, row, empty, total }: PaginatedTableProps<T>) {
  const { t } = useTranslation(['backoffice', 'common']);
  const { page, size, setPage, setSize } = pagination;
  const count = query.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / size));

  return (
    <>
      {query.isPending ? (
        <CenteredLoader />
      ) : query.isError ? (
        <Text c="red">{query.error.message}</Text>
      ) : query.data.list.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
            <Table.Thead>
              <Table.Tr>{head}</Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data.list.map(row)}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {total(count)}
        </Text>
        <Group gap="md">
          <Select
            aria-label={t('backoffice:common.pageSize')}
            data={SIZES}
            value={String(size)}
            onChange={(value) => {
              if (value) setSize(Number(value));
            }}
            allowDeselect={false}
            w={90}
          />
          <Pagination
            total={pages}
            value={page + 1}
            onChange={(p) => setPage(p - 1)}
            getControlProps={(control) => ({ 'aria-label': t(`backoffice:common.${control}`) })}
            getItemProps={(p) => ({ 'aria-label': t('backoffice:common.page', { page: p }) })}
          />
        </Group>
      </Group>
    </>
  );
}
