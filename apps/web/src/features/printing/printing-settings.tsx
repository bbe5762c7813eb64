import './styles';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Group, Loader, Select, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type HelperStatus, checkHelper } from '../../lib/printing/helper-status';
import { saveTillPrinting, useTillPrinting } from '../../lib/printing/till-settings';
import { useSession } from '../../lib/session-context';

const DEFAULT_PRINTER = '__default__';

function StatusLine({ status }: { status: HelperStatus | null }) {
  const { t } = useTranslation();
  if (status === null)
    return (
      <Group gap="xs" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text size="sm">{t('printing.settings.checking')}</Text>
      </Group>
    );
  if (status.state === 'ready')
    return (
      <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} p="xs">
        <Text size="sm">{t('printing.settings.ready', { version: status.version })}</Text>
      </Alert>
    );
  if (status.state === 'refused')
    return (
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
        <Text size="sm">{t('printing.settings.refused')}</Text>
      </Alert>
    );
  return (
    <Alert color="gray" icon={<IconPlugConnectedX size={18} aria-hidden />} p="xs">
      <Text size="sm">{t('printing.settings.absent')}</Text>
    </Alert>
  );
}

/**
 * The till's printing settings (settings panel, Printing): whether this computer prints through a
 * printer helper (only then is one looked for), automatic printing after a sale, the helper's
 * printer to use, and whether the helper answers.
 */
export function PrintingSettings() {
  const { t } = useTranslation();
  const { business } = useSession();
  const till = useTillPrinting();
  const [status, setStatus] = useState<HelperStatus | null>(null);

  const check = useCallback(() => {
    setStatus(null);
    checkHelper(business.id).then(setStatus, () => setStatus({ state: 'absent' }));
  }, [business.id]);
  useEffect(() => {
    if (till.helper) check();
  }, [check, till.helper]);

  const fallback = business.network_printer
    ? t('printing.settings.fallbackNetwork')
    : t('printing.settings.fallbackBrowser');

  return (
    <Stack gap="md" data-testid="printing-settings">
      <Text size="sm" c="dimmed">
        {t('printing.settings.intro')}
      </Text>
      <Switch
        label={t('printing.settings.useHelper')}
        description={t('printing.settings.useHelperHint')}
        checked={till.helper}
        onChange={(e) => saveTillPrinting({ helper: e.currentTarget.checked })}
        data-testid="use-helper"
      />
      <Switch
        label={t('printing.settings.autoPrint')}
        description={t('printing.settings.autoPrintHint')}
        checked={till.autoPrint}
        onChange={(e) => saveTillPrinting({ autoPrint: e.currentTarget.checked })}
      />
      {till.helper ? (
        <HelperPanel status={status} printer={till.printer} check={check} fallback={fallback} />
      ) : (
        <Text size="sm" c="dimmed" data-testid="helper-off">
          {fallback}
        </Text>
      )}
    </Stack>
  );
}

/** The helper's printers and whether it answers, for a till that chose the helper. */
function HelperPanel({
  status,
  printer,
  check,
  fallback,
}: {
  status: HelperStatus | null;
  printer: string | null;
  check: () => void;
  fallback: string;
}) {
  const { t } = useTranslation();
  const printers = status?.state === 'ready' ? status.printers : [];
  const names = printer && !printers.includes(printer) ? [...printers, printer] : printers;
  const defaultName = status?.state === 'ready' ? status.defaultPrinter : null;
  return (
    <>
      <Select
        label={t('printing.settings.printer')}
        description={t('printing.settings.printerHint')}
        allowDeselect={false}
        disabled={status?.state !== 'ready'}
        value={printer ?? DEFAULT_PRINTER}
        onChange={(v) => saveTillPrinting({ printer: !v || v === DEFAULT_PRINTER ? null : v })}
        data={[
          {
            value: DEFAULT_PRINTER,
            label: defaultName
              ? t('printing.settings.helperDefaultNamed', { name: defaultName })
              : t('printing.settings.helperDefault'),
          },
          ...names.map((n) => ({ value: n, label: n })),
        ]}
      />
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {t('printing.settings.helper')}
        </Text>
        <div aria-live="polite" data-testid="helper-status" data-state={status?.state ?? 'checking'}>
          <StatusLine status={status} />
        </div>
        {status?.state === 'absent' && <Text size="sm">{t('printing.settings.install')}</Text>}
        {status !== null && status.state !== 'ready' && (
          <Text size="sm" c="dimmed">
            {fallback}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            onClick={check}
            disabled={status === null}
          >
            {t('printing.settings.checkAgain')}
          </Button>
        </Group>
      </Stack>
    </>
  );
}
