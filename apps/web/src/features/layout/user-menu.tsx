import './styles';
import { Suspense, useState } from 'react';
import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../components/user-avatar';
import { useFocusKept, useLater } from '../../lib/later-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import { useSession } from '../../lib/session-context';
import { useLogout } from '../auth';

/**
 * The dropdown's code (Mantine's menu, with floating-ui and the popover it is built on) loads when
 * a pointer comes over the button, it takes the focus, or it is pressed, not with every screen
 * (issue 21: with the search's autocomplete, the hints' tooltips and the till's parked list, 30 KB
 * of gzip of the till's start).
 */
const UserMenuDropdown = lazyPanel(() => import('./user-menu-dropdown').then((m) => m.UserMenuDropdown));

/**
 * The navbar's user dropdown: Edit Profile and Logout (seed spec §2). The menu is made around its
 * button when first opened (useFocusKept: the focus stays on the button as it is made around it).
 */
export function UserMenu({ onEditProfile }: { onEditProfile: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const logout = useLogout();
  const [opened, setOpened] = useState(false);
  const later = useLater(opened, null);
  const keep = useFocusKept<HTMLButtonElement>();
  const button = (onClick?: () => void) => (
    <UnstyledButton
      ref={keep}
      aria-label={t('layout.userMenu', { name: user.nm })}
      aria-haspopup="menu"
      onClick={onClick}
      onPointerEnter={UserMenuDropdown.preload}
      onFocus={UserMenuDropdown.preload}
      style={{ borderRadius: 999 }}
      p={2}
    >
      <Group gap={8} wrap="nowrap">
        <UserAvatar name={user.nm} img={user.img} size={34} />
        <Text size="sm" fw={500} visibleFrom="sm" maw={140} truncate="end">
          {user.nm}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
  if (!later.make) return button(() => setOpened(true));
  const alone = button(() => setOpened((o) => !o));
  return (
    <Suspense fallback={alone}>
      <UserMenuDropdown
        opened={later.opened}
        onClose={() => setOpened(false)}
        onChange={setOpened}
        target={button()}
        fallback={alone}
        onEditProfile={onEditProfile}
        onLogout={() => void logout()}
      />
    </Suspense>
  );
}
