import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type Location, locationSchema } from '@duka/domain';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api-client';
import { isRefusal, notifySuccess, serverMessage } from '../../lib/notify';
import { useAllLocations } from './stock-api';

/** Locations (/locations, admin): shops and store rooms; add, rename, deactivate. */
export function LocationsPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const locations = useAllLocations();
  const [editing, setEditing] = useState<Location | 'new' | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Location | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: { name?: string; active?: boolean } }) =>
      id
        ? api(`/api/locations/${id}`, { method: 'PATCH', body, schema: locationSchema })
        : api('/api/locations', { method: 'POST', body, schema: locationSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['locations'] }),
  });

  const open = (l: Location | 'new') => {
    setEditing(l);
    setName(l === 'new' ? '' : l.name);
    setError(null);
  };
  const submit = async () => {
    if (!name.trim()) return setError(t('stock.doc.required'));
    try {
      await save.mutateAsync({
        id: editing === 'new' ? null : (editing?.id ?? null),
        body: { name: name.trim() },
      });
      notifySuccess(
        editing === 'new' ? t('stock.locations.created', { name }) : t('stock.locations.renamed', { name }),
      );
      setEditing(null);
    } catch (err) {
      setError(serverMessage(err));
    }
  };
  const setActive = async (l: Location, active: boolean) => {
    try {
      await save.mutateAsync({ id: l.id, body: { active } });
      notifySuccess(
        active
          ? t('stock.locations.reactivated', { name: l.name })
          : t('stock.locations.deactivated', { name: l.name }),
      );
      setConfirming(null);
    } catch (err) {
      setConfirmError(
        isRefusal(err) && err.code === 'location_holds_stock'
          ? t('stock.locations.holdsStock')
          : serverMessage(err),
      );
    }
  };

  return (
    <>
      <PageHeader
        title={t('menu.locations')}
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => open('new')}>
            {t('stock.locations.add')}
          </Button>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {locations.isPending ? (
          <Stack>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={44} />
            ))}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={460}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('stock.locations.name')}</Table.Th>
                  <Table.Th>{t('users.status')}</Table.Th>
                  <Table.Th>
                    <span className="sr-only">{t('users.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(locations.data ?? []).map((l) => (
                  <Table.Tr key={l.id} data-testid={`location-row-${l.name}`}>
                    <Table.Td fw={500}>{l.name}</Table.Td>
                    <Table.Td>
                      {l.active ? (
                        <Badge color="teal" variant="light">
                          {t('users.active')}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="outline">
                          {t('users.inactive')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="default" onClick={() => open(l)}>
                          {t('stock.locations.rename')}
                        </Button>
                        {l.active ? (
                          <Button
                            size="xs"
                            variant="light"
                            color="red"
                            onClick={() => {
                              setConfirmError(null);
                              setConfirming(l);
                            }}
                          >
                            {t('users.deactivate')}
                          </Button>
                        ) : (
                          <Button size="xs" variant="light" onClick={() => void setActive(l, true)}>
                            {t('users.reactivate')}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('stock.locations.add') : t('stock.locations.rename')}
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
              label={t('stock.locations.name')}
              required
              data-autofocus
              value={name}
              error={error}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('stock.locations.deactivate')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text size="sm">{t('stock.locations.deactivateConfirm', { name: confirming?.name ?? '' })}</Text>
        {confirmError && (
          <Text c="red" size="sm" mt="sm" role="alert">
            {confirmError}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(null)}>
            {t('common.cancel')}
          </Button>
          <Button
            color="red"
            loading={save.isPending}
            onClick={() => confirming && void setActive(confirming, false)}
          >
            {t('users.deactivate')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
