import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NEGATIVE_REASONS, POSITIVE_REASONS, currencyMinorDigits, supplierSchema } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { notifyApiError, notifySuccess, serverMessage } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { NO_ERRORS, placeError } from './line-entry/errors';
import { LineEntry, type LineErrors } from './line-entry/line-entry';
import { costOf, qtyOf } from './line-entry/lines';
import { useDraft } from './line-entry/use-draft';
import { useSuppliers } from './stock-api';
import { useAllowedLocations } from './use-allowed-locations';

type Kind = 'receipt' | 'positive' | 'negative' | 'transfer';

const PATH: Record<Kind, string> = {
  receipt: '/api/stock/receipts',
  positive: '/api/stock/positive',
  negative: '/api/stock/negative',
  transfer: '/api/stock/transfers',
};
const TITLE: Record<Kind, string> = {
  receipt: 'menu.addSupplierStock',
  positive: 'menu.stockPositive',
  negative: 'menu.stockNegative',
  transfer: 'menu.interLocation',
};

const today = () => new Date().toISOString().slice(0, 10);

/** Adds a supplier from the receipt without leaving it. */
function QuickSupplier({ onAdded }: { onAdded: (id: string) => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () =>
      api('/api/suppliers', { method: 'POST', body: { name, phone }, schema: supplierSchema }),
  });
  const submit = async () => {
    try {
      const s = await add.mutateAsync();
      await qc.invalidateQueries({ queryKey: ['suppliers'] });
      notifySuccess(t('stock.suppliers.created', { name: s.name }));
      onAdded(s.id);
      setOpen(false);
      setName('');
      setPhone('');
    } catch (err) {
      setError(serverMessage(err));
    }
  };
  return (
    <>
      <Tooltip label={t('stock.suppliers.add')}>
        <ActionIcon
          size="lg"
          variant="light"
          aria-label={t('stock.suppliers.add')}
          onClick={() => setOpen(true)}
          mt={24}
        >
          <IconPlus size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('stock.suppliers.add')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <TextInput
              label={t('stock.suppliers.name')}
              required
              data-autofocus
              value={name}
              error={error}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label={t('stock.suppliers.phone')}
              value={phone}
              onChange={(e) => setPhone(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={add.isPending} disabled={!name.trim()}>
                {t('stock.suppliers.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}

/** A stock document: receipt from a supplier, stock positive / negative, or a transfer. */
function DocumentPage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const digits = currencyMinorDigits(session.business.currency);
  const { allowed, home } = useAllowedLocations();
  const suppliers = useSuppliers();
  const { draft, setHeader, setLines, reset } = useDraft(`duka.draft.${kind}`, {
    location_id: '',
    to_location_id: '',
    supplier_id: '',
    invoice_number: '',
    invoice_date: kind === 'receipt' ? today() : '',
    reason: '',
    note: '',
  });
  const [errors, setErrors] = useState<LineErrors>(NO_ERRORS);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const h = draft.header;

  useEffect(() => {
    if (!h.location_id && home) setHeader('location_id', home);
  }, [h.location_id, home, setHeader]);

  const save = useMutation({
    mutationFn: (body: unknown) => api(PATH[kind], { method: 'POST', body, retry: true }),
  });

  const required = (name: string, v: string | undefined) =>
    v ? null : ([name, t('stock.doc.required')] as const);

  const onSave = async () => {
    const missing = [
      kind === 'receipt' ? required('supplier_id', h.supplier_id) : null,
      required('location_id', h.location_id),
      kind === 'transfer' ? required('to_location_id', h.to_location_id) : null,
      kind === 'positive' || kind === 'negative' ? required('reason', h.reason) : null,
    ].filter((x): x is readonly [string, string] => x !== null);
    const fe: Record<string, string> = Object.fromEntries(missing);
    if (kind === 'transfer' && h.location_id && h.location_id === h.to_location_id)
      fe.to_location_id = t('stock.doc.sameLocation');
    setFieldErrors(fe);
    if (Object.keys(fe).length > 0) return;

    const lines = draft.lines.map((l) => ({
      product_id: l.product_id,
      quantity: qtyOf(l.qty) ?? 0,
      ...(kind === 'receipt' ? { unit_cost: costOf(l.cost, digits) ?? 0 } : {}),
    }));
    const body =
      kind === 'receipt'
        ? {
            id: draft.id,
            supplier_id: h.supplier_id,
            location_id: h.location_id,
            invoice_number: h.invoice_number ?? '',
            ...(h.invoice_date ? { invoice_date: h.invoice_date } : {}),
            note: h.note ?? '',
            lines,
          }
        : kind === 'transfer'
          ? {
              id: draft.id,
              from_location_id: h.location_id,
              to_location_id: h.to_location_id,
              note: h.note ?? '',
              lines,
            }
          : { id: draft.id, location_id: h.location_id, reason: h.reason, note: h.note ?? '', lines };
    try {
      await save.mutateAsync(body);
      setErrors(NO_ERRORS);
      notifySuccess(t(`stock.doc.saved.${kind}`, { count: lines.length }));
      reset(kind === 'transfer' ? ['location_id', 'to_location_id'] : ['location_id']);
      void qc.invalidateQueries({ queryKey: ['products'] });
      if (kind === 'receipt') void qc.invalidateQueries({ queryKey: ['suppliers'] });
    } catch (err) {
      const placed = placeError(err, draft.lines);
      setErrors(placed);
      const f = (err as { field?: string }).field;
      if (f && !f.startsWith('lines')) {
        const name = f === 'from_location_id' ? 'location_id' : f;
        setFieldErrors({ [name]: serverMessage(err) });
      }
      if (!placed.form) notifyApiError(err);
    }
  };

  const locationData = allowed.map((l) => ({ value: l.id, label: l.name }));
  const reasons = kind === 'positive' ? POSITIVE_REASONS : NEGATIVE_REASONS;
  const select = (name: string, label: string, data: { value: string; label: string }[]) => (
    <Select
      label={label}
      required
      searchable
      data={data}
      value={h[name] || null}
      error={fieldErrors[name]}
      onChange={(v) => setHeader(name, v ?? '')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <>
      <PageHeader title={`${t('menu.addStock')} › ${t(TITLE[kind])}`} />
      <LineEntry
        lines={draft.lines}
        setLines={setLines}
        withCost={kind === 'receipt'}
        locationId={h.location_id || undefined}
        errors={errors}
        saving={save.isPending}
        saveLabel={t(`stock.doc.save.${kind}`)}
        onSave={() => void onSave()}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {kind === 'receipt' && (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>
                {select(
                  'supplier_id',
                  t('stock.doc.supplier'),
                  (suppliers.data ?? []).filter((s) => s.active).map((s) => ({ value: s.id, label: s.name })),
                )}
              </div>
              <QuickSupplier onAdded={(id) => setHeader('supplier_id', id)} />
            </Group>
          )}
          {select(
            'location_id',
            kind === 'transfer' ? t('stock.doc.from') : t('stock.doc.location'),
            locationData,
          )}
          {kind === 'transfer' &&
            select(
              'to_location_id',
              t('stock.doc.to'),
              locationData.filter((l) => l.value !== h.location_id),
            )}
          {(kind === 'positive' || kind === 'negative') &&
            select(
              'reason',
              t('stock.doc.reason'),
              reasons.map((r) => ({ value: r, label: t(`stock.reasons.${r}`) })),
            )}
          {kind === 'receipt' && (
            <TextInput
              label={t('stock.doc.invoiceNumber')}
              value={h.invoice_number}
              error={fieldErrors.invoice_number}
              onChange={(e) => setHeader('invoice_number', e.currentTarget.value)}
            />
          )}
          {kind === 'receipt' && (
            <TextInput
              type="date"
              label={t('stock.doc.invoiceDate')}
              value={h.invoice_date}
              error={fieldErrors.invoice_date}
              onChange={(e) => setHeader('invoice_date', e.currentTarget.value)}
            />
          )}
        </SimpleGrid>
        <Textarea
          label={t('stock.doc.note')}
          autosize
          minRows={1}
          maxLength={500}
          value={h.note}
          onChange={(e) => setHeader('note', e.currentTarget.value)}
        />
      </LineEntry>
    </>
  );
}

export const SupplierReceiptPage = () => <DocumentPage kind="receipt" />;
export const StockPositivePage = () => <DocumentPage kind="positive" />;
export const StockNegativePage = () => <DocumentPage kind="negative" />;
export const TransferPage = () => <DocumentPage kind="transfer" />;
