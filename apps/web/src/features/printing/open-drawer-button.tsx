import './styles';
import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconCashRegister } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OPEN_DRAWER_ACCESS, allows } from '@duka/domain';
import { notifySuccess } from '../../lib/notify';
import { canOpenDrawer } from '../../lib/printing/print-context';
import { useTillPrinting } from '../../lib/printing/till-settings';
import { useSession } from '../../lib/session-context';
import { usePrintContext } from './use-print-context';

/** The printing code, loaded when the drawer is first opened (or a pointer comes over the button). */
const printing = () => import('../../lib/printing/print-receipt');
const preload = () => void printing();

/**
 * "Open drawer" for a user who may take cash (the domain's OPEN_DRAWER_ACCESS; the server checks
 * it too), on a till that can reach the drawer: through its printer helper or the shop's network
 * printer. A cash sale's first print opens the drawer by itself; this is for change, a float, a
 * mistake.
 */
export function OpenDrawerButton() {
  const { t } = useTranslation();
  const session = useSession();
  const till = useTillPrinting(); // re-rendered when this till's printing settings change
  const context = usePrintContext();
  const [busy, setBusy] = useState(false);
  if (!allows({ role: session.user.role, roles: session.user_roles }, OPEN_DRAWER_ACCESS)) return null;
  if (!canOpenDrawer(context(till))) return null;

  const run = async () => {
    setBusy(true);
    try {
      await (await printing()).openDrawer(context());
      notifySuccess(t('printing.drawerOpened'));
    } catch (err) {
      console.warn('opening the cash drawer failed', err);
      const { showPrintFailure } = await import('./print-failure');
      showPrintFailure(err, t, () => void run(), 'printing.drawerFailed');
    } finally {
      setBusy(false);
    }
  };

  // On a phone-wide till the header has room for the icon only (named for screen readers).
  return (
    <>
      <Button
        visibleFrom="sm"
        variant="default"
        size="sm"
        leftSection={<IconCashRegister size={18} aria-hidden />}
        loading={busy}
        onClick={() => void run()}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="open-drawer"
      >
        {t('printing.openDrawer')}
      </Button>
      <ActionIcon
        hiddenFrom="sm"
        variant="default"
        size={36}
        aria-label={t('printing.openDrawer')}
        title={t('printing.openDrawer')}
        loading={busy}
        onClick={() => void run()}
        onPointerEnter={preload}
        onFocus={preload}
        data-testid="open-drawer-narrow"
      >
        <IconCashRegister size={18} aria-hidden />
      </ActionIcon>
    </>
  );
}
