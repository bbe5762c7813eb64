import './styles';
import { type KeyboardEvent, type ReactElement, cloneElement } from 'react';
import { Menu } from '@mantine/core';
import { IconLogout, IconUserEdit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../lib/lazy-panel';
import { useOpenedAfterMount } from '../../lib/later-dialog';

/** How long after an arrow key on the button the menu's own first focus is sent on to the item. */
const ARROW_KEPT_MS = 1000;

/**
 * ArrowDown or ArrowUp on the button of an open menu goes into it, to its first or last item. The
 * menu takes the focus itself after it opens, onto a placeholder at its top (Mantine's focus trap,
 * a timer set as its dropdown's element is attached, again each time that element's ref is set
 * anew as floating-ui places it): a key pressed on the button before that, as on a slow shop PC
 * while the menu's code has just arrived, would otherwise be lost, or the item it reached taken
 * back by a later timer (seen in CI). So the item is focused a task later, and for a second any
 * focus the trap puts on the placeholder goes on to the item. The button gets this with the
 * dropdown's code (the menu is open only once that is here), not with the till's start (issue 21).
 */
function intoMenu(event: KeyboardEvent<HTMLButtonElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const menuId = event.currentTarget.getAttribute('aria-controls');
  if (!menuId) return;
  event.preventDefault();
  const last = event.key === 'ArrowUp';
  const focusItem = () => {
    const items = document
      .getElementById(menuId)
      ?.querySelectorAll<HTMLElement>('[data-menu-item]:not(:disabled)');
    if (items?.length) items[last ? items.length - 1 : 0]!.focus();
  };
  const onFocusIn = (e: FocusEvent) => {
    const target = e.target as HTMLElement;
    if (target.matches('[data-autofocus]') && document.getElementById(menuId)?.contains(target)) focusItem();
  };
  document.addEventListener('focusin', onFocusIn);
  window.setTimeout(() => document.removeEventListener('focusin', onFocusIn), ARROW_KEPT_MS);
  window.setTimeout(focusItem);
}

/** The user menu's dropdown, made around its button (user-menu.tsx loads it when first wanted). */
export function UserMenuDropdown(p: {
  opened: boolean;
  onClose: () => void;
  onChange: (opened: boolean) => void;
  target: ReactElement<{ onKeyDown?: (event: KeyboardEvent<HTMLButtonElement>) => void }>;
  fallback: PanelProps['fallback'];
  onEditProfile: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const opened = useOpenedAfterMount(p.opened);
  return (
    <Menu position="bottom-end" width={200} withArrow opened={opened} onChange={p.onChange}>
      <Menu.Target>{cloneElement(p.target, { onKeyDown: intoMenu })}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconUserEdit size={16} aria-hidden />} onClick={p.onEditProfile}>
          {t('layout.editProfile')}
        </Menu.Item>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} color="red" onClick={p.onLogout}>
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
