import './styles';
import { useState } from 'react';
import {
  ActionIcon,
  Alert,
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
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import {
  type Location,
  isAdminRole,
  NEGATIVE_REASONS,
  POSITIVE_REASONS,
  supplierSchema,
  adjustmentBodySchema,
  receiptBodySchema,
  transferBodySchema,
} from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { useSession } from '../../lib/session-context';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';
import { maxLengthOf } from '../../lib/validators';
import { LineEntry } from './line-entry/line-entry';
import { useSuppliers } from './stock-api';
import { useAllowedLocations } from './use-allowed-locations';
import { type DocKind, type StockDocument, useStockDocument } from './use-stock-document';
import { DayInput } from '../../components/day-input';

type Kind = DocKind;

/** Each document's note field, for its longest text. */
const NOTE_SCHEMA: Record<Kind, z.ZodType> = {
  receipt: receiptBodySchema.shape.note,
  positive: adjustmentBodySchema.shape.note,
  negative: adjustmentBodySchema.shape.note,
  transfer: transferBodySchema.shape.note,
};

const TITLE: Record<Kind, string> = {
  receipt: 'menu.addSupplierStock',
  positive: 'menu.stockPositive',
  negative: 'menu.stockNegative',
  transfer: 'menu.interLocation',
};

/**
 * Adding a supplier from the receipt: its name and phone, saved under an id of its own (kept across
 * retries until it is created, so a retry never makes two).
 */
export function useQuickSupplier(onAdded: (id: string) => void, setOpen: (open: boolean) => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [id, setId] = useState(() => uuidv7());
  const add = useMutation({
    mutationFn: () =>
      api('/api/suppliers', {
        method: 'POST',
        body: { id, name, phone },
        schema: supplierSchema,
        retry: true,
      }),
  });
  const submit = async () => {
    try {
      const s = await add.mutateAsync();
      setId(uuidv7());
      await qc.invalidateQueries({ queryKey: ['suppliers'] });
      notifySuccess(t('stock.suppliers.created', { name: s.name }));
      onAdded(s.id);
      setOpen(false);
      setName('');
      setPhone('');
    } catch (err) {
      if (isIdConflict(err)) {
        // created under this id with the details first sent, while the answer was lost: that one stands
        await qc.invalidateQueries({ queryKey: ['suppliers'] });
        notifyWarning(t('errors.createdEarlier'));
        onAdded(id);
        setId(uuidv7());
        setOpen(false);
        return;
      }
      setError(keyedWriteText(err));
    }
  };
  return { name, setName, phone, setPhone, error, add, submit };
}

/** Adds a supplier from the receipt without leaving it. */
function QuickSupplier({ onAdded }: { onAdded: (id: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { name, setName, phone, setPhone, error, add, submit } = useQuickSupplier(onAdded, setOpen);
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
  const { allowed, home } = useAllowedLocations();
  const doc = useStockDocument(kind, home);
  return (
    <>
      <PageHeader title={`${t('menu.addStock')} › ${t(TITLE[kind])}`} />
      <LineEntry
        lines={doc.draft.lines}
        setLines={doc.setLines}
        withCost={kind === 'receipt'}
        locationId={doc.draft.header.location_id || undefined}
        errors={doc.errors}
        saving={doc.saving}
        saveLabel={t(`stock.doc.save.${kind}`)}
        onSave={() => void doc.onSave()}
      >
        <DocumentHeader kind={kind} doc={doc} locations={allowed} />
      </LineEntry>
    </>
  );
}

type Option = { value: string; label: string };

/** The document's own fields: supplier and invoice, location(s), reason; and a note. */
function DocumentHeader({ kind, doc, locations }: { kind: Kind; doc: StockDocument; locations: Location[] }) {
  const { t } = useTranslation();
  // a receipt names its supplier; a user who may only remove stock may not list them (a 403)
  const suppliers = useSuppliers(kind === 'receipt');
  const session = useSession();
  const h = doc.draft.header;
  const locationData = locations.map((l) => ({ value: l.id, label: l.name }));
  const reasons = kind === 'positive' ? POSITIVE_REASONS : NEGATIVE_REASONS;
  const select = (name: string, label: string, data: Option[]) => (
    <HeaderSelect doc={doc} name={name} label={label} data={data} />
  );
  return (
    <>
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
            <QuickSupplier onAdded={(id) => doc.setHeader('supplier_id', id)} />
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
        {kind === 'receipt' && <InvoiceFields doc={doc} />}
      </SimpleGrid>
      {/* staff send only between the locations they work at (the server's rule): with one, To is empty */}
      {kind === 'transfer' && locationData.length === 1 && (
        <Alert color="yellow" data-testid="no-destination">
          {t('stock.doc.noDestination', { context: isAdminRole(session.user.role) ? 'admin' : undefined })}
        </Alert>
      )}
      <Textarea
        label={t('stock.doc.note')}
        autosize
        minRows={1}
        maxLength={maxLengthOf(NOTE_SCHEMA[kind])}
        value={h.note}
        onChange={(e) => doc.setHeader('note', e.currentTarget.value)}
      />
    </>
  );
}

function HeaderSelect({
  doc,
  name,
  label,
  data,
}: {
  doc: StockDocument;
  name: string;
  label: string;
  data: Option[];
}) {
  return (
    <Select
      label={label}
      required
      searchable
      data={data}
      value={doc.draft.header[name] || null}
      error={doc.fieldErrors[name]}
      onChange={(v) => doc.setHeader(name, v ?? '')}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/** A receipt's invoice number and date. */
function InvoiceFields({ doc }: { doc: StockDocument }) {
  const { t } = useTranslation();
  const h = doc.draft.header;
  return (
    <>
      <TextInput
        label={t('stock.doc.invoiceNumber')}
        value={h.invoice_number}
        error={doc.fieldErrors.invoice_number}
        onChange={(e) => doc.setHeader('invoice_number', e.currentTarget.value)}
      />
      <DayInput
        label={t('stock.doc.invoiceDate')}
        value={h.invoice_date ?? ''}
        error={doc.fieldErrors.invoice_date}
        onChange={(day) => doc.setHeader('invoice_date', day)}
        onWrongText={doc.setInvoiceDateWrong}
        clearable
      />
    </>
  );
}

export const SupplierReceiptPage = () => <DocumentPage kind="receipt" />;
export const StockPositivePage = () => <DocumentPage kind="positive" />;
export const StockNegativePage = () => <DocumentPage kind="negative" />;
export const TransferPage = () => <DocumentPage kind="transfer" />;
