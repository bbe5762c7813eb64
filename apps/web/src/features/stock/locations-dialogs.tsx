import './styles';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MergeHistorySection } from '../../components/merge-history';
import type { LocationsPageState } from './use-locations-page';
import { useStrandedStaff } from './stranded-staff';

/** Add a location or rename one; renaming, an admin also sees its values a sync replaced. */
export function LocationNameDialog({ state: s }: { state: LocationsPageState }) {
  const { t } = useTranslation();
  const { editing, setEditing, name, setName, error, submit } = s.naming;
  return (
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
            <Button type="submit" loading={s.saving}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      {editing && editing !== 'new' && <MergeHistorySection docType="location" id={editing.id} />}
    </Modal>
  );
}

/** "Deactivate this location?", refused while it holds stock. */
export function DeactivateLocationDialog({ state: s }: { state: LocationsPageState }) {
  const { t } = useTranslation();
  const { confirming, setConfirming, confirmError, setActive } = s.deactivating;
  const stranded = useStrandedStaff(confirming, s.locations.data ?? []);
  return (
    <Modal
      opened={confirming !== null}
      onClose={() => setConfirming(null)}
      title={t('stock.locations.deactivate')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text size="sm">{t('stock.locations.deactivateConfirm', { name: confirming?.name ?? '' })}</Text>
      {stranded.length > 0 && (
        <Alert color="orange" mt="sm" data-testid="stranded-staff">
          {t('stock.locations.strandsStaff', {
            count: stranded.length,
            names: stranded.map((u) => u.name).join(', '),
          })}
        </Alert>
      )}
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
          loading={s.saving}
          onClick={() => confirming && void setActive(confirming, false)}
        >
          {t('users.deactivate')}
        </Button>
      </Group>
    </Modal>
  );
}
