import './styles';
import type { ReactNode } from 'react';
import { Alert, Group, Kbd, NativeSelect, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowsExchange,
  IconCash,
  IconMapPin,
  IconUserDollar,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type SaleKind, type SessionData, sellableKinds } from '@duka/domain';
import classes from './till.module.css';
import { useWideScreen } from '../../lib/use-wide-screen';

export const KIND_PATH: Record<SaleKind, string> = {
  cash: '/cash-sale',
  debtor: '/debtor-sale',
  transfer: '/transfer-sale',
};
const ICON = { cash: IconCash, debtor: IconUserDollar, transfer: IconArrowsExchange };

/** The kinds of sale the user's flags allow (an admin: all three). */
export function allowedKinds(session: SessionData): SaleKind[] {
  return sellableKinds({ role: session.user.role, roles: session.user_roles });
}

/** The kind of sale as tabs: each one its own route, so a link. */
export function KindTabs({ kinds, current }: { kinds: SaleKind[]; current: SaleKind }) {
  const { t } = useTranslation();
  if (kinds.length < 2) return null;
  return (
    <nav aria-label={t('till.kinds')} className={classes.kinds}>
      {kinds.map((k) => {
        const Icon = ICON[k];
        return (
          <Link
            key={k}
            to={KIND_PATH[k]}
            className={classes.kind}
            aria-current={k === current ? 'page' : undefined}
            data-testid={`till-kind-${k}`}
          >
            <Icon size={16} aria-hidden />
            {t(`till.kindShort.${k}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/**
 * The till's header: the kind of sale (tabs), the location (a choice when the user has several),
 * what `children` add (parked sales), and a stock-count freeze when one is on.
 */
export function TillHeader(p: {
  title: string;
  kinds: SaleKind[];
  current: SaleKind;
  locations: { id: string; name: string }[];
  locationId: string;
  onLocation: (id: string) => void;
  blocked: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const here = p.locations.find((l) => l.id === p.locationId);
  return (
    <>
      <div className={classes.header}>
        <Title order={1} size="h3">
          {p.title}
        </Title>
        <KindTabs kinds={p.kinds} current={p.current} />
        <Group gap="xs" ml="auto" wrap="nowrap">
          {p.locations.length > 1 ? (
            // the browser's own select: Mantine's Select makes its closed list (a portal, a scroll
            // area, floating-ui's positioning) with the till, and they set state as they mount, so
            // React rendered the till again in the task of its first commit (issue 21)
            <NativeSelect
              aria-label={t('till.location')}
              leftSection={<IconMapPin size={16} aria-hidden />}
              data={p.locations.map((l) => ({ value: l.id, label: l.name }))}
              value={p.locationId}
              onChange={(e) => e.currentTarget.value && p.onLocation(e.currentTarget.value)}
              w={200}
            />
          ) : (
            <Group gap={4} wrap="nowrap">
              <IconMapPin size={16} aria-hidden />
              <Text size="sm" fw={600}>
                {here?.name ?? '—'}
              </Text>
            </Group>
          )}
          {p.children}
        </Group>
      </div>
      {p.blocked && (
        <Alert
          color="orange"
          mb="md"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title={t('till.frozenTitle')}
        >
          {p.blocked}
        </Alert>
      )}
    </>
  );
}

/**
 * The till's keys, shown where a keyboard is likely (not on phones). On a phone they are not made
 * at all, rather than made and hidden (issue 21: two dozen elements of the till's first commit).
 */
export function KeyHints() {
  const { t } = useTranslation();
  const wide = useWideScreen();
  if (!wide) return null;
  const hints: [string, string][] = [
    ['F2', t('till.keys.search')],
    ['↑ ↓ ↵', t('till.keys.pick')],
    ['+ −', t('till.keys.quantity')],
    // the key's name as the keyboard of the language prints it (Entf in German, Supr in Spanish)
    [t('till.keys.deleteKey'), t('till.keys.remove')],
    ['F7', t('till.keys.discount')],
    ['F8', t('till.keys.park')],
    ['F9', t('till.keys.pay')],
    ['F4', t('till.keys.newSale')],
  ];
  return (
    <Group gap="md" mt="sm" px={4} aria-label={t('till.keys.title')} role="note">
      {hints.map(([k, label]) => (
        <Group key={k} gap={6} wrap="nowrap">
          <Kbd size="xs">{k}</Kbd>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
