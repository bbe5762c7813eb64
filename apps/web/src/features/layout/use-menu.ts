import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type MenuEntry, type MenuLink, menuFor } from '@duka/domain';
import { principalOf } from '../auth';
import { useSession } from '../../lib/session-context';

/** The signed-in user's menu, built from /api/me (never from anything the client decrypts). */
export function useMenu(): MenuEntry[] {
  const session = useSession();
  return useMemo(() => menuFor(principalOf(session)), [session]);
}

export interface SearchEntry {
  path: string;
  label: string;
}

/** Menu entries flattened for the navbar search: "Make a sale › Cash". */
export function useMenuSearchEntries(): SearchEntry[] {
  const menu = useMenu();
  const { t } = useTranslation();
  return useMemo(
    () =>
      menu.flatMap((e): SearchEntry[] =>
        e.kind === 'link'
          ? [{ path: e.path, label: t(`menu.${e.id}`) }]
          : e.children.map((c: MenuLink) => ({
              path: c.path,
              label: `${t(`menu.${e.id}`)} › ${t(`menu.${c.id}`)}`,
            })),
      ),
    [menu, t],
  );
}

/** The group holding a path, so the active group starts open. */
export function groupOfPath(menu: MenuEntry[], path: string): string | null {
  for (const e of menu) if (e.kind === 'group' && e.children.some((c) => c.path === path)) return e.id;
  return null;
}
