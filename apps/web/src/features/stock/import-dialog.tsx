import './styles';
import { Alert, Badge, Button, FileButton, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { rowErrorLine } from './import-row-errors';
import type { ImportResult } from './stock-api';
import { useCsvImport } from './use-csv-import';
import { TableScroll } from '../../components/table-scroll';

/** CSV import: pick a file, see every row's errors, then import all rows or none. */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { count } = useFormat();
  const { csv, fileName, preview, error, busy, run, pick, close } = useCsvImport(onClose);

  const bad = preview?.rows.filter((r) => r.errors.length > 0).length ?? 0;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('stock.import.title')}
      size="xl"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t('stock.import.hint')}
        </Text>
        <Group>
          <FileButton onChange={(f) => void pick(f)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" leftSection={<IconFileUpload size={16} aria-hidden />} {...props}>
                {t('stock.import.pick')}
              </Button>
            )}
          </FileButton>
          {fileName && <Text size="sm">{fileName}</Text>}
        </Group>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {preview && (
          <>
            <Alert color={bad ? 'red' : 'teal'} role="status">
              {bad
                ? t('stock.import.hasErrors', { count: bad, n: count(bad) })
                : t('stock.import.ready', { count: preview.rows.length, n: count(preview.rows.length) })}
              <Text size="sm" mt={4} data-testid="import-actions">
                {(['create', 'update', 'unchanged'] as const)
                  .map((a) => [a, preview.rows.filter((r) => r.action === a).length] as const)
                  .filter(([, n]) => n > 0)
                  .map(([a, n]) => `${t(`stock.import.actions.${a}`)}: ${count(n)}`)
                  .join(' · ')}
              </Text>
            </Alert>
            <ImportPreview rows={preview.rows} />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={!csv || !preview || bad > 0}
            loading={busy}
            onClick={() => csv && void run(csv, true)}
          >
            {t('stock.import.importAll')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A row's action as its badge shows it: a new product, a change, or nothing to write. */
const ACTION_COLOR: Record<ImportResult['rows'][number]['action'], string> = {
  create: 'teal',
  update: 'blue',
  unchanged: 'gray',
};

/** Every row of the file: what it would do (create, update or nothing) and what is wrong with it. */
function ImportPreview({ rows }: { rows: ImportResult['rows'] }) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={560} mah={360}>
      <Table verticalSpacing={4} fz="sm" data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.import.row')}</Table.Th>
            <Table.Th>{t('stock.product.code')}</Table.Th>
            <Table.Th>{t('stock.product.name')}</Table.Th>
            <Table.Th>{t('stock.import.action')}</Table.Th>
            <Table.Th>{t('stock.import.errors')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.row} data-testid={`import-row-${r.row}`}>
              <Table.Td>{r.row}</Table.Td>
              <Table.Td>{r.code}</Table.Td>
              <Table.Td>{r.name}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={ACTION_COLOR[r.action]} miw="max-content">
                  {t(`stock.import.actions.${r.action}`)}
                </Badge>
              </Table.Td>
              <Table.Td c="red">
                {r.errors.length === 0 ? (
                  <Text size="sm" c="teal">
                    {t('stock.import.ok')}
                  </Text>
                ) : (
                  r.errors.map((e) => (
                    <div key={`${e.field}|${e.code}|${JSON.stringify(e.params ?? {})}`}>
                      {rowErrorLine(t, e)}
                    </div>
                  ))
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
