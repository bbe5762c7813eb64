import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Title.css';
import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { v7 as uuidv7 } from 'uuid';
import { listNameSchema } from '@duka/domain';
import { isIdConflict } from '../lib/api-error';
import { keyedWriteText, notifySuccess, notifyWarning, refusalText } from '../lib/notify';
import type { MergeDocType } from '../lib/merge-history-words';
import { maxLengthOf } from '../lib/validators';
import { ListEmpty, ListError, ListLoading } from './list-states';
import { MergeHistorySection } from './merge-history';
import { TableScroll } from './table-scroll';

/** A short list the admin keeps (payment providers, expense categories): add, rename, deactivate. */
export interface NamedItem {
  id: string;
  name: string;
  active: boolean;
  kind?: string;
}

export interface NameListText {
  title: string;
  hint: string;
  add: string;
  name: string;
  empty: string;
  taken: string;
  created: (name: string) => string;
  updated: (name: string) => string;
  deactivated: (name: string) => string;
  reactivated: (name: string) => string;
  deactivateBody: (name: string) => string;
}

type Kinds = { value: string; label: string }[] | undefined;

/** A change to the item `id`: its name (and kind), or (de)activating it. */
type Save = (id: string, body: { name?: string; kind?: string; active?: boolean }) => Promise<unknown>;
/** A new item under the id the form keeps until it is created (a retry after a lost answer never makes two). */
type Create = (body: { id: string; name: string; kind?: string }) => Promise<unknown>;

/** Renaming an item; an admin also sees its values a sync replaced (`historyType` names its records). */
function EditDialog({
  item,
  kinds,
  text,
  save,
  historyType,
  onClose,
}: {
  item: NamedItem;
  kinds?: { value: string; label: string }[];
  text: NameListText;
  save: Save;
  historyType?: MergeDocType;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(item.name);
  const [kind, setKind] = useState(item.kind ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return setError(t('debtors.errors.name'));
    setBusy(true);
    try {
      await save(item.id, { name: name.trim(), ...(kinds && kind ? { kind } : {}) });
      notifySuccess(text.updated(name.trim()));
      onClose();
    } catch (err) {
      setError(refusalText(err, { conflict: text.taken }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('transfers.edit')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={text.name}
            required
            data-autofocus
            value={name}
            error={error}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          {kinds && (
            <Select
              label={t('transfers.kind')}
              data={kinds}
              value={kind}
              allowDeselect={false}
              onChange={setKind}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {historyType && <MergeHistorySection docType={historyType} id={item.id} />}
    </Modal>
  );
}

/** The admin's short list: add (name and, for providers, a kind), rename, deactivate or reactivate. */
export function NameListPanel({
  items,
  kinds,
  text,
  save,
  create,
  testId,
  historyType,
}: {
  items: UseQueryResult<NamedItem[]>;
  kinds?: { value: string; label: string }[];
  text: NameListText;
  save: Save;
  create: Create;
  testId: string;
  /** The records' doc type for their replaced values (ADR 11 §11.1), shown when one is renamed. */
  historyType?: MergeDocType;
}) {
  const s = useNameList({ kinds, text, save, create, refresh: () => void items.refetch() });
  const { editing, deactivating } = s;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4">
        {text.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {text.hint}
      </Text>
      <AddForm state={s} kinds={kinds} text={text} />
      {items.isPending ? (
        <ListLoading rows={3} />
      ) : items.isError ? (
        <ListError onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <ListEmpty text={text.empty} />
      ) : (
        <NameTable rows={items.data} state={s} kinds={kinds} text={text} testId={testId} />
      )}
      {editing && (
        <EditDialog
          item={editing}
          kinds={kinds}
          text={text}
          save={save}
          historyType={historyType}
          onClose={() => s.setEditing(null)}
        />
      )}
      <DeactivateDialog item={deactivating} state={s} text={text} />
    </Paper>
  );
}

/** The panel's state: the new item typed in, which one is renamed or deactivated, and saving. */
function useNameList({
  kinds,
  text,
  save,
  create,
  refresh,
}: {
  kinds: Kinds;
  text: NameListText;
  save: Save;
  create: Create;
  /** Reads the list again (an item created while its answer was lost). */
  refresh: () => void;
}) {
  const { t } = useTranslation();
  // the new item's id, kept across retries until it is created: a retry never makes two
  const [newId, setNewId] = useState(() => uuidv7());
  const [name, setName] = useState('');
  const [kind, setKind] = useState<string | null>(kinds?.[0]?.value ?? null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<NamedItem | null>(null);
  const [deactivating, setDeactivating] = useState<NamedItem | null>(null);

  const add = async () => {
    if (!name.trim()) return setError(t('debtors.errors.name'));
    setBusy(true);
    setError(null);
    try {
      await create({ id: newId, name: name.trim(), ...(kinds && kind ? { kind } : {}) });
      notifySuccess(text.created(name.trim()));
      setNewId(uuidv7());
      setName('');
    } catch (err) {
      if (isIdConflict(err)) {
        // created under this id as first sent, while the answer was lost (the name changed since):
        // that one stands, in the list; the next one goes under a new id
        setNewId(uuidv7());
        setName('');
        notifyWarning(t('errors.createdEarlier'));
        return refresh();
      }
      setError(keyedWriteText(err, { conflict: text.taken }));
    } finally {
      setBusy(false);
    }
  };
  const setActive = async (item: NamedItem, active: boolean) => {
    try {
      await save(item.id, { active });
      notifySuccess(active ? text.reactivated(item.name) : text.deactivated(item.name));
      setDeactivating(null);
    } catch (err) {
      setError(refusalText(err));
    }
  };
  return {
    name,
    setName,
    kind,
    setKind,
    error,
    busy,
    add,
    editing,
    setEditing,
    deactivating,
    setDeactivating,
    setActive,
  };
}

type NameListState = ReturnType<typeof useNameList>;

function AddForm({ state: s, kinds, text }: { state: NameListState; kinds: Kinds; text: NameListText }) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void s.add();
      }}
    >
      <Group align="flex-start" gap="sm" mb="md" wrap="wrap">
        <TextInput
          label={text.name}
          value={s.name}
          error={s.error}
          onChange={(e) => s.setName(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          maxLength={maxLengthOf(listNameSchema)}
        />
        {kinds && (
          <Select
            label={t('transfers.kind')}
            data={kinds}
            value={s.kind}
            allowDeselect={false}
            onChange={s.setKind}
            w={{ base: '100%', xs: 180 }}
          />
        )}
        <Button
          type="submit"
          mt={{ base: 0, xs: 25 }}
          loading={s.busy}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {text.add}
        </Button>
      </Group>
    </form>
  );
}

function NameTable({
  rows,
  state: s,
  kinds,
  text,
  testId,
}: {
  rows: NamedItem[];
  state: NameListState;
  kinds: Kinds;
  text: NameListText;
  testId: string;
}) {
  const { t } = useTranslation();
  const kindLabel = (k?: string) => kinds?.find((x) => x.value === k)?.label ?? '';
  return (
    <TableScroll minWidth={420}>
      <Table verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{text.name}</Table.Th>
            {kinds && <Table.Th>{t('transfers.kind')}</Table.Th>}
            <Table.Th>{t('transfers.status')}</Table.Th>
            <Table.Th ta="right">{t('transfers.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((x) => (
            <Table.Tr key={x.id} data-testid={`${testId}-${x.name}`}>
              <Table.Td fw={500} c={x.active ? undefined : 'dimmed'}>
                {x.name}
              </Table.Td>
              {kinds && <Table.Td>{kindLabel(x.kind)}</Table.Td>}
              <Table.Td>
                <Badge color={x.active ? 'teal' : 'gray'} variant={x.active ? 'light' : 'outline'} size="sm">
                  {x.active ? t('transfers.active') : t('transfers.inactive')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <RowActions item={x} state={s} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}

function RowActions({ item: x, state: s }: { item: NamedItem; state: NameListState }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button
        size="xs"
        variant="subtle"
        onClick={() => s.setEditing(x)}
        aria-label={t('transfers.renameOne', { name: x.name })}
      >
        {t('transfers.rename')}
      </Button>
      {x.active ? (
        <Button
          size="xs"
          variant="subtle"
          color="red"
          onClick={() => s.setDeactivating(x)}
          aria-label={t('transfers.deactivateOne', { name: x.name })}
        >
          {t('transfers.deactivate')}
        </Button>
      ) : (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => void s.setActive(x, true)}
          aria-label={t('transfers.reactivateOne', { name: x.name })}
        >
          {t('transfers.reactivate')}
        </Button>
      )}
    </Group>
  );
}

function DeactivateDialog({
  item,
  state: s,
  text,
}: {
  item: NamedItem | null;
  state: NameListState;
  text: NameListText;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={!!item}
      onClose={() => s.setDeactivating(null)}
      title={t('transfers.deactivateTitle', { name: item?.name ?? '' })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{item ? text.deactivateBody(item.name) : ''}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => s.setDeactivating(null)}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => item && void s.setActive(item, false)}>
          {t('transfers.deactivate')}
        </Button>
      </Group>
    </Modal>
  );
}
