import fs from 'node:fs';
import path from 'node:path';
import { Table } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';
import { TableScroll } from './table-scroll';

const src = path.resolve(__dirname, '..');
const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sources(full);
    return /\.tsx$/.test(e.name) && !/\.test\.tsx$/.test(e.name) ? [full] : [];
  });

describe('tables that scroll sideways', () => {
  it('are all a TableScroll, whose bar shows while the table is wider than its room', () => {
    const bare = sources(src).filter(
      (f) => !f.endsWith('table-scroll.tsx') && fs.readFileSync(f, 'utf8').includes('<Table.ScrollContainer'),
    );
    expect(bare.map((f) => path.relative(src, f))).toEqual([]);
  });

  it('renders its table inside a scroll area', async () => {
    const { container } = await renderApp(
      <TableScroll minWidth={900}>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Deactivate</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </TableScroll>,
    );
    expect(container.querySelector('.mantine-ScrollArea-root table')).not.toBeNull();
  });
});
