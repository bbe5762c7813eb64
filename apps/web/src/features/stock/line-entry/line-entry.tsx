import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type Product, currencyMinorDigits, formatQuantity, lineAmount } from '@duka/domain';
import { useFormat } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { type DraftLine, addProduct, costOf, qtyOf, totalsOf } from './lines';
import { ProductSearch, type ProductSearchHandle } from './product-search';

export interface LineErrors {
  /** Errors by line key. */
  lines: Record<string, string>;
  form: string | null;
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

let seq = 0;
const newKey = () => `l${Date.now().toString(36)}${(seq++).toString(36)}`;

/**
 * The one line-entry layout of every stock document: header fields, the scan-or-search box, the
 * lines (quantity, optional unit cost, remove), running totals and Save. Keyboard first: a scan
 * adds a line and puts the focus in its quantity; Enter in a quantity goes back to the search;
 * Ctrl+Enter saves.
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
  const session = useSession();
  const digits = currencyMinorDigits(session.business.currency);
  const { money } = useFormat(session.business);
  const search = useRef<ProductSearchHandle>(null);
  const qtyRefs = useRef(new Map<string, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const totals = totalsOf(lines, digits);
  // one layout in the page at a time (a table from 768 px, cards below) so labels stay unique
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });

  useEffect(() => {
    if (!focusKey) return;
    // the table (wide) and the cards (narrow) both hold an input: focus the one shown
    const el = [qtyRefs.current.get(`${focusKey}:t`), qtyRefs.current.get(`${focusKey}:c`)].find(
      (x) => x && x.offsetParent !== null,
    );
    if (el) {
      el.focus();
      el.select();
    }
    setFocusKey(null);
  }, [focusKey, lines]);

  const onPick = (p: Product) => {
    const r = addProduct(lines, p, digits, newKey);
    setLines(() => r.lines);
    setFocusKey(r.key);
  };

  const update = (key: string, patch: Partial<DraftLine>) =>
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const remove = (key: string) => {
    setLines((ls) => ls.filter((l) => l.key !== key));
    search.current?.focus();
  };

  const qtyError = (l: DraftLine) => (qtyOf(l.qty) === null ? t('stock.line.badQty') : undefined);
  const costError = (l: DraftLine) => (costOf(l.cost, digits) === null ? t('stock.line.badCost') : undefined);

  const fieldKeys = (l: DraftLine) => ({
    onKeyDown: (e: React.KeyboardEvent<HTMLInputElement>) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        onSave();
      } else if (e.key === 'Enter') {
        e.preventDefault();
        search.current?.focus();
      } else if (e.key === 'Delete' && e.ctrlKey) {
        e.preventDefault();
        remove(l.key);
      }
    },
  });

  const qtyInput = (l: DraftLine, i: number, where: 't' | 'c') => (
    <TextInput
      ref={(el) => {
        if (el) qtyRefs.current.set(`${l.key}:${where}`, el);
        else qtyRefs.current.delete(`${l.key}:${where}`);
      }}
      aria-label={t('stock.line.qtyOf', { name: l.name })}
      inputMode="decimal"
      value={l.qty}
      error={qtyError(l)}
      data-testid={`qty-${i}`}
      onChange={(e) => update(l.key, { qty: e.currentTarget.value })}
      rightSection={
        <Text size="xs" c="dimmed">
          {t(`stock.units.${l.unit}`)}
        </Text>
      }
      rightSectionWidth={52}
      {...fieldKeys(l)}
    />
  );
  const costInput = (l: DraftLine, i: number) => (
    <TextInput
      aria-label={t('stock.line.costOf', { name: l.name })}
      inputMode="decimal"
      value={l.cost}
      error={costError(l)}
      data-testid={`cost-${i}`}
      onChange={(e) => update(l.key, { cost: e.currentTarget.value })}
      {...fieldKeys(l)}
    />
  );
  const amountOf = (l: DraftLine) => {
    const q = qtyOf(l.qty);
    const c = costOf(l.cost, digits);
    return q !== null && c !== null ? money(lineAmount(q, c)) : '—';
  };
  const removeButton = (l: DraftLine) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('stock.line.remove', { name: l.name })}
      onClick={() => remove(l.key)}
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );

  return (
    <Stack
      onKeyDown={(e) => {
        if (e.key === 'F2') {
          e.preventDefault();
          search.current?.focus();
        }
      }}
    >
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack>
          {children}
          <ProductSearch ref={search} onPick={onPick} locationId={locationId} />
        </Stack>
      </Paper>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {lines.length === 0 ? (
          <Text c="dimmed" ta="center" py="lg">
            {t('stock.line.empty')}
          </Text>
        ) : (
          <>
            {wide ? (
              <Table verticalSpacing="xs" data-testid="lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('stock.line.product')}</Table.Th>
                    <Table.Th w={170}>{t('stock.line.quantity')}</Table.Th>
                    {withCost && <Table.Th w={150}>{t('stock.line.unitCost')}</Table.Th>}
                    {withCost && <Table.Th ta="right">{t('stock.line.amount')}</Table.Th>}
                    <Table.Th w={48}>
                      <span className="sr-only">{t('stock.line.actions')}</span>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((l, i) => (
                    <Table.Tr key={l.key} data-testid={`line-${i}`}>
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {l.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {l.code}
                        </Text>
                        {errors.lines[l.key] && (
                          <Text size="xs" c="red" role="alert">
                            {errors.lines[l.key]}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{qtyInput(l, i, 't')}</Table.Td>
                      {withCost && <Table.Td>{costInput(l, i)}</Table.Td>}
                      {withCost && <Table.Td ta="right">{amountOf(l)}</Table.Td>}
                      <Table.Td>{removeButton(l)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : (
              <Stack gap="sm">
                {lines.map((l, i) => (
                  <Card key={l.key} withBorder padding="sm">
                    <Group justify="space-between" wrap="nowrap" mb="xs">
                      <div>
                        <Text fw={500}>{l.name}</Text>
                        <Text size="xs" c="dimmed">
                          {l.code}
                        </Text>
                      </div>
                      {removeButton(l)}
                    </Group>
                    {errors.lines[l.key] && (
                      <Text size="xs" c="red" role="alert" mb="xs">
                        {errors.lines[l.key]}
                      </Text>
                    )}
                    <Group grow align="flex-start">
                      {qtyInput(l, i, 'c')}
                      {withCost && costInput(l, i)}
                    </Group>
                    {withCost && (
                      <Text ta="right" size="sm" mt="xs">
                        {amountOf(l)}
                      </Text>
                    )}
                  </Card>
                ))}
              </Stack>
            )}
          </>
        )}
        <Group justify="space-between" mt="md" wrap="wrap" align="flex-end">
          <Stack gap={0}>
            <Text size="sm" c="dimmed">
              {t('stock.line.count', { count: totals.lines })}
            </Text>
            <Text size="sm" c="dimmed" data-testid="total-qty">
              {t('stock.line.totalQty', { qty: formatQuantity(totals.quantity) })}
            </Text>
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
        {errors.form && (
          <Alert color="red" mt="md" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {errors.form}
          </Alert>
        )}
        <Group justify="flex-end" mt="md">
          <Button
            size="md"
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
            loading={saving}
            disabled={lines.length === 0 || totals.invalid}
            onClick={onSave}
          >
            {saveLabel}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
