import './styles';
import { useEffect, useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDialogScanGuard } from '../../lib/use-dialog-scan-guard';

/** Asks a name for the sale being parked (the customer's, say); a time is the default. */
export function ParkDialog(p: { opened: boolean; onClose: () => void; onPark: (name: string) => void }) {
  const { t } = useTranslation();
  useDialogScanGuard(p.opened);
  const [name, setName] = useState('');
  useEffect(() => {
    if (p.opened) setName('');
  }, [p.opened]);
  return (
    <Modal
      opened={p.opened}
      onClose={p.onClose}
      title={t('till.park.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          p.onPark(name.trim());
        }}
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('till.park.explain')}
          </Text>
          <TextInput
            label={t('till.park.name')}
            placeholder={t('till.park.namePlaceholder')}
            data-autofocus
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={p.onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" leftSection={<IconPlayerPause size={16} aria-hidden />}>
              {t('till.park.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Starting a new sale over a cart with lines: park it, clear it, or go back. */
export function NewSaleDialog(p: {
  opened: boolean;
  lines: number;
  onClose: () => void;
  onPark: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  // a scan's Enter does not press Park (which has the focus)
  useDialogScanGuard(p.opened);
  return (
    <Modal
      opened={p.opened}
      onClose={p.onClose}
      title={t('till.newSaleConfirm.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack>
        <Text>{t('till.newSaleConfirm.body', { count: p.lines })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={p.onClose}>
            {t('common.cancel')}
          </Button>
          <Button variant="light" onClick={p.onPark} data-autofocus>
            {t('till.park.action')}
          </Button>
          <Button color="red" onClick={p.onClear}>
            {t('till.newSaleConfirm.clear')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
