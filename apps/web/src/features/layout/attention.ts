import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat, isAdminRole, type Notifications } from '@duka/domain';
import { answerCheck } from '../../lib/answer-checks';
import { api } from '../../lib/api-client';
import { useFormat } from '../../lib/format';
import { useSession } from '../../lib/session-context';

/** How often the header asks again (the figures move slowly). */
const REFRESH_MS = 60_000;

/** One thing that needs attention, and where it is dealt with. */
export interface AttentionEntry {
  id: string;
  text: string;
  to: string;
  /** Red for what loses money or data, orange for what waits. */
  color: 'red' | 'orange';
}

type Day = Notifications['days_not_closed'][number];

/** The days to close, then the closed days whose drawer moved since: each opens its day's page. */
function dayEntries(n: Notifications, t: TFunction, day: (d: string) => string): AttentionEntry[] {
  const entry = (d: Day, id: string, key: string): AttentionEntry => ({
    id: `${id}-${d.day}-${d.location_id}`,
    text: t(key, { day: day(d.day), location: d.location_name }),
    to: `/daily-sales?day=${d.day}&location_id=${d.location_id}`,
    color: 'orange',
  });
  return [
    ...n.days_not_closed.map((d) => entry(d, 'day', 'layout.attention.dayNotClosed')),
    ...n.days_changed_after_close.map((d) => entry(d, 'changed', 'layout.attention.dayChangedAfterClose')),
  ];
}

/**
 * The entries of the owner's notifications, in the order to deal with them: data first (a failing
 * backup, stock below zero), then money (days not closed or changed after their close, transfers),
 * then what waits.
 */
export function attentionEntries(
  n: Notifications,
  t: TFunction,
  f: { day: (d: string) => string; dateTime: (iso: string) => string; count: (k: number) => string },
): AttentionEntry[] {
  const out: AttentionEntry[] = [];
  /** A message of a count: `count` picks the plural, `n` is the figure as the language groups it. */
  const counted = (key: string, k: number) => t(key, { count: k, n: f.count(k) });
  if (n.backup_failing)
    out.push({
      id: 'backup',
      text: t('layout.attention.backupFailing', {
        at: f.dateTime(n.backup_failing.at),
        message: t(`backups.why.${n.backup_failing.code}`, { defaultValue: t('backups.why.failed') }),
      }),
      to: '/profile',
      color: 'red',
    });
  if (n.negative_stock > 0)
    out.push({
      id: 'negative',
      text: counted('layout.attention.negativeStock', n.negative_stock),
      to: '/stock-report',
      color: 'red',
    });
  if (n.debtors_over_limit > 0)
    out.push({
      id: 'over-limit',
      text: counted('layout.attention.debtorsOverLimit', n.debtors_over_limit),
      to: '/debtors',
      color: 'orange',
    });
  if (n.duplicate_references > 0)
    out.push({
      id: 'duplicate-references',
      text: counted('layout.attention.duplicateReferences', n.duplicate_references),
      to: '/transfers',
      color: 'red',
    });
  out.push(...dayEntries(n, t, f.day));
  if (n.unconfirmed_transfers > 0)
    out.push({
      id: 'transfers',
      text: counted('layout.attention.transfers', n.unconfirmed_transfers),
      to: '/transfers',
      color: 'orange',
    });
  if (n.low_stock > 0)
    out.push({
      id: 'low',
      text: counted('layout.attention.lowStock', n.low_stock),
      to: '/stock?low=1',
      color: 'orange',
    });
  if (n.replaced_values > 0)
    out.push({
      id: 'replaced',
      text: counted('layout.attention.replacedValues', n.replaced_values),
      to: '/stock',
      color: 'orange',
    });
  if (n.devices_waiting > 0)
    out.push({
      id: 'devices',
      text: counted('layout.attention.devicesWaiting', n.devices_waiting),
      to: '/users?tab=devices',
      color: 'orange',
    });
  return out;
}

/** What needs the owner's attention (admins only: the figures are the whole business's). */
export function useAttention(): AttentionEntry[] {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const admin = isAdminRole(session.user.role);
  const { dateTime, count } = useFormat(session.business);
  const q = useQuery({
    queryKey: ['notifications'],
    queryFn: ({ signal }) => api('/api/notifications', { schema: answerCheck('notifications'), signal }),
    enabled: admin,
    refetchInterval: REFRESH_MS,
  });
  if (!q.data) return [];
  const dayFmt = dateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return attentionEntries(q.data, t, {
    day: (d) => dayFmt.format(new Date(`${d}T00:00:00Z`)),
    dateTime,
    count,
  });
}
