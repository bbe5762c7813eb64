import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Table.css';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';

export type SortDir = 'asc' | 'desc';
export interface SortState<K extends string> {
  key: K;
  dir: SortDir;
}

/** Compares two cell values: numbers as numbers, text in the language's order. */
export function compareValues(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/**
 * Which column a table is sorted by; a click on the same column turns the order round. For lists
 * the server sorts (paged ones), on its own; for rows already in the page, through `useSorted`.
 */
export function useSortState<K extends string>(initial: SortState<K>, onChange?: () => void) {
  const [sort, setSort] = useState<SortState<K>>(initial);
  const toggle = (key: K) => {
    setSort((s) => (s.key === key ? { key, dir: s.dir === 'asc' ? 'desc' : 'asc' } : { key, dir: 'asc' }));
    onChange?.();
  };
  return { sort, toggle };
}

/** Rows sorted by one column in the page (every row is here: not for paged lists). */
export function useSorted<T, K extends string>(
  rows: readonly T[],
  valueOf: (row: T, key: K) => string | number,
  initial: SortState<K>,
) {
  const { sort, toggle } = useSortState(initial);
  const sorted = [...rows].sort((a, b) => {
    const c = compareValues(valueOf(a, sort.key), valueOf(b, sort.key));
    return sort.dir === 'asc' ? c : -c;
  });
  return { sorted, sort, toggle };
}

/** A column header that sorts its table; aria-sort says the order to screen readers. */
export function SortTh<K extends string>({
  column,
  sort,
  onSort,
  right,
  style,
  children,
}: {
  column: K;
  sort: SortState<K>;
  onSort: (key: K) => void;
  right?: boolean;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const active = sort.key === column;
  const Icon = !active ? IconSelector : sort.dir === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th
      ta={right ? 'right' : undefined}
      style={style}
      aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(column)} fw={700} fz="sm" style={{ width: '100%' }}>
        <Group gap={4} wrap="nowrap" justify={right ? 'flex-end' : 'flex-start'}>
          <span>{children}</span>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
