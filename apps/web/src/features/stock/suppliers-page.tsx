import './styles';
import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { type Supplier, supplierSchema } from '@duka/domain';
import { MergeHistorySection } from '../../components/merge-history';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { isIdConflict } from '../../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning } from '../../lib/notify';
import { useSession } from '../../lib/session-context';
import { useAllLocations } from './products-api';
import { useSupplierReceipts, useSuppliers } from './stock-api';
import { useSyncedFromShop } from '../sync';
import { TableScroll } from '../../components/table-scroll';

type Fields = Pick<Supplier, 'name' | 'contact_name' | 'phone' | 'email' | 'address' | 'notes' | 'active'>;

/** What was received from the supplier, under its heading. */
function Receipts({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Text fw={600} mt="md">
        {t('stock.suppliers.receipts')}
      </Text>
      <ReceiptsTable id={id} />
    </>
  );
}

function ReceiptsTable({ id }: { id: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const { money, dateTime, quantity } = useFormat(session.business);
  const receipts = useSupplierReceipts(id);
  const locations = useAllLocations();
  if (receipts.isPending) return <Skeleton h={60} />;
  if (!receipts.data?.length) return <Text c="dimmed">{t('stock.suppliers.noReceipts')}</Text>;
  return (
    <TableScroll minWidth={460}>
      <Table fz="sm" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.product.when')}</Table.Th>
            <Table.Th>{t('stock.doc.invoiceNumber')}</Table.Th>
            <Table.Th>{t('stock.doc.location')}</Table.Th>
            <Table.Th ta="right">{t('stock.line.total')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {receipts.data.map((r) => (
            <Table.Tr
              key={r.id}
              title={r.lines.map((l) => `${l.product_name} × ${quantity(l.quantity)}`).join(', ')}
            >
              <Table.Td>{dateTime(r.created_at)}</Table.Td>
              <Table.Td>{r.invoice_number || '—'}</Table.Td>
              <Table.Td>{locations.data?.find((l) => l.id === r.location_id)?.name ?? '—'}</Table.Td>
              <Table.Td ta="right">{money(r.total_cost)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

/** A supplier's fields as typed, and saving them (new or changed). */
export function useSupplierForm(supplier: Supplier | null, onClose: () => void) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [v, setV] = useState<Fields>({
    name: supplier?.name ?? '',
    contact_name: supplier?.contact_name ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    notes: supplier?.notes ?? '',
    active: supplier?.active ?? true,
  });
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  // a new supplier carries its own id, kept across retries until it is created: a retry never makes two
  const [newId] = useState(() => uuidv7());
  const save = useMutation({
    mutationFn: () =>
      supplier
        ? api(`/api/suppliers/${supplier.id}`, { method: 'PATCH', body: v, schema: supplierSchema })
        : api('/api/suppliers', {
            method: 'POST',
            body: { ...v, id: newId },
            schema: supplierSchema,
            retry: true,
          }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['suppliers'] }),
  });
  const submit = async () => {
    try {
      await save.mutateAsync();
      notifySuccess(
        supplier
          ? t('stock.suppliers.updated', { name: v.name })
          : t('stock.suppliers.created', { name: v.name }),
      );
      onClose();
    } catch (err) {
      if (!supplier && isIdConflict(err)) {
        // created under this id with the details first sent, while the answer was lost: that one stands
        notifyWarning(t('errors.createdEarlier'));
        void qc.invalidateQueries({ queryKey: ['suppliers'] });
        return onClose();
      }
      setError({ field: (err as { field?: string }).field ?? '', message: keyedWriteText(err) });
    }
  };
  return { v, setV, error, saving: save.isPending, submit };
}

function SupplierDrawer({ supplier, onClose }: { supplier: Supplier | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { v, setV, error, saving, submit } = useSupplierForm(supplier, onClose);
  const text = (k: Exclude<keyof Fields, 'active' | 'notes'>, label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={v[k]}
      error={error?.field === k ? error.message : undefined}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setV((o) => ({ ...o, [k]: value }));
      }}
    />
  );
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="lg"
      title={supplier ? t('stock.suppliers.edit') : t('stock.suppliers.add')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {text('name', t('stock.suppliers.name'), true)}
          {text('contact_name', t('stock.suppliers.contact'))}
          {text('phone', t('stock.suppliers.phone'))}
          {text('email', t('stock.suppliers.email'))}
          {text('address', t('stock.suppliers.address'))}
          <Textarea
            label={t('stock.suppliers.notes')}
            autosize
            minRows={2}
            value={v.notes}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setV((o) => ({ ...o, notes: value }));
            }}
          />
          <Switch
            label={t('stock.product.active')}
            checked={v.active}
            onChange={(e) => {
              const checked = e.currentTarget.checked;
              setV((o) => ({ ...o, active: checked }));
            }}
          />
          {error && !['name', 'contact_name', 'phone', 'email', 'address'].includes(error.field) && (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={saving} disabled={!v.name.trim()}>
              {supplier ? t('common.save') : t('stock.suppliers.create')}
            </Button>
          </Group>
          {supplier && <Receipts id={supplier.id} />}
        </Stack>
      </form>
      {supplier && <MergeHistorySection docType="supplier" id={supplier.id} />}
    </Drawer>
  );
}

/** Suppliers (/suppliers): contacts, notes and what was received from each. */
export function SuppliersPage() {
  const { t } = useTranslation();
  // a read-only hosted copy adds nothing: the shop's PC does
  const readOnly = useSyncedFromShop();
  const suppliers = useSuppliers();
  const [q, setQ] = useState('');
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const list = (suppliers.data ?? []).filter((s) =>
    `${s.name} ${s.contact_name} ${s.phone}`.toLowerCase().includes(q.trim().toLowerCase()),
  );
  return (
    <>
      <PageHeader
        title={t('menu.suppliers')}
        actions={
          !readOnly && (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              {t('stock.suppliers.add')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <TextInput
          mb="md"
          aria-label={t('stock.filter.search')}
          placeholder={t('stock.supplierSearch')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        {suppliers.isPending ? (
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        ) : list.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('stock.suppliers.empty')}
          </Text>
        ) : (
          <SuppliersTable rows={list} onOpen={setEditing} />
        )}
      </Paper>
      {editing !== null && (
        <SupplierDrawer
          key={editing === 'new' ? 'new' : editing.id}
          supplier={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

/** Each supplier: name, contact, phone, active; a row opens the supplier. */
function SuppliersTable({ rows, onOpen }: { rows: Supplier[]; onOpen: (s: Supplier) => void }) {
  const { t } = useTranslation();
  return (
    <TableScroll minWidth={560}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stock.suppliers.name')}</Table.Th>
            <Table.Th>{t('stock.suppliers.contact')}</Table.Th>
            <Table.Th>{t('stock.suppliers.phone')}</Table.Th>
            <Table.Th>{t('users.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((s) => (
            <Table.Tr
              key={s.id}
              style={{ cursor: 'pointer' }}
              tabIndex={0}
              onClick={() => onOpen(s)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') onOpen(s);
              }}
              data-testid={`supplier-row-${s.name}`}
            >
              <Table.Td fw={500}>{s.name}</Table.Td>
              <Table.Td>{s.contact_name || '—'}</Table.Td>
              <Table.Td>{s.phone || '—'}</Table.Td>
              <Table.Td>
                <Badge color={s.active ? 'teal' : 'gray'} variant={s.active ? 'light' : 'outline'}>
                  {s.active ? t('users.active') : t('users.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
