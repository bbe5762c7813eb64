import '../styles';
import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import type { DraftLine, Totals } from './lines';
import { LineCards, LinesTable } from './lines-table';
import { ProductSearch } from './product-search';
import { useLineEntry } from './use-line-entry';

export interface LineErrors {
  /** Errors by line key. */
  lines: Record<string, string>;
  form: string | null;
  /** Not a refusal but a warning (what the server already holds under this document's id). */
  warn?: boolean;
}

interface Props {
  lines: DraftLine[];
  setLines: (fn: (l: DraftLine[]) => DraftLine[]) => void;
  withCost?: boolean;
  locationId?: string;
  errors: LineErrors;
  saving: boolean;
  saveLabel: string;
  onSave: () => void;
  /** Fields of the document above the lines. */
  children?: ReactNode;
}

/**
 * The one line-entry layout of every stock document: header fields, the scan-or-search box, the
 * lines (quantity, optional unit cost, remove), running totals and Save. Keyboard first: a scan
 * adds a line and puts the focus in its quantity; Enter in a quantity goes back to the search (and
 * F2 from anywhere on the page: ProductSearch); Ctrl+Enter saves.
 */
export function LineEntry({
  lines,
  setLines,
  withCost,
  locationId,
  errors,
  saving,
  saveLabel,
  onSave,
  children,
}: Props) {
  const { t } = useTranslation();
  const e = useLineEntry(lines, setLines, onSave);
  // one layout in the page at a time (a table from 768 px, cards below) so labels stay unique
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const linesProps = { lines, withCost, errors: errors.lines, entry: e };
  return (
    <Stack>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack>
          {children}
          <ProductSearch ref={e.search} onPick={e.onPick} locationId={locationId} onRestore={e.restore} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('stock.line.empty')}
          </Text>
        ) : wide ? (
          <LinesTable {...linesProps} />
        ) : (
          <LineCards {...linesProps} />
        )}
        <LineTotals totals={e.totals} withCost={withCost} />
        {errors.form && (
          <Alert
            color={errors.warn ? 'yellow' : 'red'}
            mt="md"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
          >
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button
            size="md"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={saving}
            disabled={lines.length === 0 || e.totals.invalid}
            onClick={onSave}
          >
            {saveLabel}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}

/** Lines, total quantity and (with costs) the document's total. */
function LineTotals({ totals, withCost }: { totals: Totals; withCost?: boolean }) {
  const { t } = useTranslation();
  const { money, quantity } = useFormat(useSession().business);
  return (
    <Group justify="space-between" mt="md" wrap="wrap" align="flex-end">
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {t('stock.line.count', { count: totals.lines })}
        </Text>
        {totals.quantities.length > 0 && (
          <Text size="sm" c="dimmed" data-testid="total-qty">
            {t('stock.line.totalQty', {
              qty: totals.quantities
                .map((q) => `${quantity(q.quantity)} ${t(`stock.units.${q.unit}`, { defaultValue: q.unit })}`)
                .join(' · '),
            })}
          </Text>
        )}
      </Stack>
      {withCost && (
        <Stack gap={0} align="flex-end">
          <Text size="sm" c="dimmed">
            {t('stock.line.total')}
          </Text>
          <Text fz={28} fw={700} data-testid="doc-total">
            {money(totals.amount)}
          </Text>
        </Stack>
      )}
    </Group>
  );
}
