import './styles';
import { useEffect, useState } from 'react';
import { Button, Code, Group, Text } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getDeviceHeader, setDeviceHeader } from '../../lib/api-client';
import { DeviceStorageError, readStoredDevice, saveDevice } from '../../lib/device-store';
import { notifyError, notifySuccess } from '../../lib/notify';
import { HelperUnreachableError, readDeviceFromHelper } from '../../lib/printer';

/**
 * This till's device id, and capturing it from the printer helper outside sign-in, with the
 * seed spec's messages (§8): 'Check printer app' / 'Device not captured!'.
 */
export function ThisDevice() {
  const { t } = useTranslation();
  const [id, setId] = useState<string | null>(getDeviceHeader());
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    readStoredDevice()
      .then((d) => d && setId(d))
      .catch(() => undefined);
  }, []);

  const capture = async () => {
    setBusy(true);
    try {
      const stored = await readStoredDevice().catch(() => null);
      if (stored) {
        setId(stored);
        notifySuccess(t('device.captured'));
        return;
      }
      const mac = await readDeviceFromHelper();
      const saved = await saveDevice(mac);
      setDeviceHeader(saved);
      setId(saved);
      notifySuccess(t('device.captured'));
    } catch (err) {
      if (err instanceof HelperUnreachableError)
        notifyError(t('device.checkPrinterApp'), t('device.notCaptured'));
      else if (err instanceof DeviceStorageError)
        notifyError(t('device.refreshPage'), t('device.couldNotSave'));
      else notifyError(t('device.refreshPage'), t('device.couldNotGet'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <IconDeviceDesktop size={18} aria-hidden style={{ flexShrink: 0, marginTop: 1 }} />
        {/* one line of text that wraps as a sentence on a phone, not three narrow columns */}
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('device.thisDevice')}{' '}
          {id ? (
            <Code>{id}</Code>
          ) : (
            <Text span size="sm" c="dimmed">
              {t('device.none')}
            </Text>
          )}
        </Text>
      </Group>
      {!id && (
        <Button
          size="xs"
          variant="light"
          loading={busy}
          onClick={() => void capture()}
          style={{ flexShrink: 0 }}
        >
          {t('device.detect')}
        </Button>
      )}
    </Group>
  );
}
