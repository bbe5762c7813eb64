import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Table.css';
import { Table, type TableScrollContainerProps } from '@mantine/core';

/**
 * A table's sideways scroll, its bar shown whenever the table is wider than its room: Mantine's
 * shows it only on hover, and a phone has none, so nothing told that a column or a button was off
 * to the right (the QA at 390 px: the locations' Deactivate, the import's Errors column, a
 * product's quantities moved). Every table that may scroll sideways is one of these.
 */
export function TableScroll(props: TableScrollContainerProps) {
  return <Table.ScrollContainer {...props} scrollAreaProps={{ type: 'auto', ...props.scrollAreaProps }} />;
}
