import './styles';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Alert, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/session-context';

/** Hosted, while a shop's PC keeps the business (ADR 11 §8): this copy is read-only. */
export function useSyncedFromShop(): boolean {
  return useSession().synced_from_shop;
}

/** How many screens show the sentence in place of themselves (the layout's notice then steps back). */
const ShownInPage = createContext<{ shown: number; add: (n: number) => void } | null>(null);

/** Wraps the signed-in layout: its notice and the screens that replace themselves agree. */
export function ReadOnlyNoticeProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(0);
  const add = useCallback((n: number) => setShown((x) => x + n), []);
  const value = useMemo(() => ({ shown, add }), [shown, add]);
  return <ShownInPage.Provider value={value}>{children}</ShownInPage.Provider>;
}

function ReadOnlyIcon() {
  return <IconBuildingStore size={20} aria-hidden />;
}

/** The signed-in layout's notice on a read-only hosted copy; nothing elsewhere. */
export function SyncedFromShopNotice() {
  const { t } = useTranslation();
  const page = useContext(ShownInPage);
  if (!useSyncedFromShop() || (page?.shown ?? 0) > 0) return null;
  return (
    <Alert color="blue" variant="light" icon={<ReadOnlyIcon />} mb="md" data-testid="synced-from-shop">
      {t('sync.readOnly')}
    </Alert>
  );
}

function InPlaceOfScreen() {
  const { t } = useTranslation();
  const add = useContext(ShownInPage)?.add;
  useEffect(() => {
    add?.(1);
    return () => add?.(-1);
  }, [add]);
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="not-on-hosted-copy">
      <Stack align="center" gap="sm">
        <ThemeIcon size={48} radius="xl" variant="light" color="blue">
          <IconBuildingStore size={26} aria-hidden />
        </ThemeIcon>
        <Text ta="center" maw={520} role="status">
          {t('sync.readOnly')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * A selling or editing screen on a read-only hosted copy shows the sentence instead (the server
 * refuses those writes with `business_synced_from_shop` anyway).
 */
export function NotOnHostedCopy({ title, children }: { title?: string; children: ReactNode }) {
  if (!useSyncedFromShop()) return <>{children}</>;
  return (
    <>
      {title && <PageHeader title={title} />}
      <InPlaceOfScreen />
    </>
  );
}
