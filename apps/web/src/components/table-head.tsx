import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Table } from '@mantine/core';

/** A table's header row: one cell a column, then the actions column, named for screen readers only. */
export function TableHead({ columns, actions }: { columns: string[]; actions: string }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((c, i) => (
          <Table.Th key={i}>{c}</Table.Th>
        ))}
        <Table.Th>
          <span className="sr-only">{actions}</span>
        </Table.Th>
      </Table.Tr>
    </Table.Thead>
  );
}
