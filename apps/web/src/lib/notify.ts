import type * as MantineToasts from '@mantine/notifications';
import type { NotificationData } from '@mantine/notifications';
import type { i18n as I18n } from 'i18next';
import { ApiError, unsent } from './api-error';
import { GENERIC_ERROR, type KnownRefusals, ownWordsOf } from './error-words';

let i18nRef: I18n | null = null;
export function bindNotifyI18n(instance: I18n): void {
  i18nRef = instance;
}
const t = (key: string, opts?: Record<string, unknown>): string => (i18nRef ? i18nRef.t(key, opts) : key);

type ToastsModule = typeof MantineToasts;
let toastsCode: Promise<ToastsModule> | null = null;
const whenNeeded = new Set<() => void>();

/**
 * The toasts' code (the component, its transitions and its store: ~18 KB gzip) loads with the
 * first toast, not with every page (issue 21: the sign-in page shows none until something goes
 * wrong). app/providers.tsx mounts the component once it is needed.
 */
export function loadToasts(): Promise<ToastsModule> {
  if (!toastsCode) {
    const loading = import('@mantine/notifications');
    toastsCode = loading;
    // Not loaded (offline, and not cached): the next toast tries again.
    loading.catch(() => {
      if (toastsCode === loading) toastsCode = null;
      for (const notify of whenNeeded) notify();
    });
    for (const notify of whenNeeded) notify();
  }
  return toastsCode;
}

/** Whether a toast was raised yet, for useSyncExternalStore. */
export const toastsNeeded = (): boolean => toastsCode !== null;
export function subscribeToastsNeeded(onChange: () => void): () => void {
  whenNeeded.add(onChange);
  return () => whenNeeded.delete(onChange);
}

/** Shows a toast, in the order asked, once the toasts' code is there. */
export function showToast(data: NotificationData): void {
  loadToasts().then(
    (m) => void m.notifications.show(data),
    () => undefined,
  );
}

/** Hides a toast shown by showToast. */
export function hideToast(id: string): void {
  void toastsCode?.then(
    (m) => m.notifications.hide(id),
    () => undefined,
  );
}

/** Every toast's close button is named, in the user's language (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': t('common.close') });

export function notifySuccess(message: string, title?: string): void {
  showToast({
    color: 'teal',
    title,
    message,
    autoClose: 3000,
    closeButtonProps: closeButtonProps(),
  });
}

export function notifyError(message: string, title?: string): void {
  showToast({ color: 'red', title, message, autoClose: 6000, closeButtonProps: closeButtonProps() });
}

export function notifyWarning(message: string, title?: string): void {
  showToast({
    color: 'yellow',
    title,
    message,
    autoClose: 6000,
    closeButtonProps: closeButtonProps(),
  });
}

/** A warning shown once while it is on screen (the same id again is not stacked). */
export function notifyOnce(id: string, key: string): void {
  showToast({
    id,
    color: 'yellow',
    message: t(key),
    autoClose: 8000,
    closeButtonProps: closeButtonProps(),
  });
}

const growing = new Map<string, { items: string[]; scope: unknown }>();

/**
 * A warning that grows while it is on screen: each call adds `item` to the ones it names, and
 * `words` says them all (one toast, not a stack of them). Once it has gone, or when `scope` is
 * not the last call's (another dialog), the next call starts it afresh with its item alone. Each
 * item shows for the whole time: the toast's time starts again (Mantine restarts it when its
 * duration changes, so the duration grows by a millisecond an item). `position`: where it shows,
 * if not where every toast does.
 */
export function notifyGrowing(
  id: string,
  item: string,
  words: (items: string[]) => string,
  scope: unknown = null,
  position?: NotificationData['position'],
): void {
  loadToasts().then(
    (m) => {
      const { notifications: shown, queue } = m.notificationsStore.getState();
      const onScreen = [...shown, ...queue].some((n) => n.id === id);
      const was = growing.get(id);
      const items = [...(onScreen && was && was.scope === scope ? was.items : []), item];
      growing.set(id, { items, scope });
      const data = { id, color: 'yellow', message: words(items), autoClose: 8000 + items.length, position };
      if (onScreen) m.notifications.update(data);
      else m.notifications.show({ ...data, closeButtonProps: closeButtonProps() });
    },
    () => undefined,
  );
}

/** What fills a code's words: the params the server sent, and the wait of a rate limit. */
function wordsParams(err: ApiError): Record<string, unknown> {
  const named = err.code === 'location_elsewhere' && !!err.paramsOf('location_elsewhere')?.server;
  // a refused CSV file: the words of its reason (errors.csvRefused_missing_columns …)
  const csv = err.code === 'csv_refused' ? err.paramsOf('csv_refused')?.reason : undefined;
  // a closed count: the words of how it was closed (errors.countClosed_finalised …)
  const closed = err.code === 'count_closed' ? err.paramsOf('count_closed')?.status : undefined;
  const seconds = err.retryAfter ?? 60;
  return {
    ...(err.params ?? {}),
    seconds,
    // the wait's plural ("1 second"); other codes' words have no plural forms
    ...(err.code === 'rate_limited' ? { count: seconds } : {}),
    ...(named ? { context: 'named' } : {}),
    ...(csv ? { context: csv } : {}),
    ...(closed ? { context: closed } : {}),
  };
}

/** The message a failed call shows (seed spec §8); never a raw code. */
export function describeApiError(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.kind === 'offline') return t('errors.offline');
    if (err.kind === 'network') return t('errors.noAnswer');
    if (err.kind === 'http') {
      if (err.status === 402) return t('errors.notActive');
      const key = ownWordsOf(err.code);
      if (key) return t(key, wordsParams(err));
    }
  }
  return t(GENERIC_ERROR);
}

/**
 * Shows a failed call as a toast. 401 and 402 already showed their own message through the
 * API client's handlers, so they are not repeated.
 */
export function notifyApiError(err: unknown): void {
  if (err instanceof ApiError && err.kind === 'http' && (err.status === 401 || err.status === 402)) return;
  notifyError(describeApiError(err));
}

/** The words for a refused call, in the user's language: its code's, else the generic ones. */
export function serverMessage(err: unknown): string {
  if (err instanceof ApiError && err.kind === 'http') {
    const key = ownWordsOf(err.code);
    if (key) return t(key, wordsParams(err));
  }
  // a code this web does not know (a newer server's): its own generic words, never the server's English
  return describeApiError(err);
}

/** A call refused by the server (4xx), as opposed to one that never got an answer. */
export function isRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && err.kind === 'http' && err.status >= 400 && err.status < 500;
}

/**
 * The message for a refused write, in the user's language: `known` words the codes (or
 * `code:field`) this screen expects; anything else gets the app's own wording.
 */
export function refusalText(err: unknown, known: KnownRefusals = {}): string {
  if (err instanceof ApiError && err.kind === 'http') {
    const words: Partial<Record<string, string>> = known;
    const hit = words[`${err.code}:${err.field ?? ''}`] ?? words[err.code];
    if (hit) return hit;
  }
  return serverMessage(err);
}

/** The field a refused write names, when the server named one. */
export function refusalField(err: unknown): string | undefined {
  return err instanceof ApiError && err.kind === 'http' ? err.field : undefined;
}

/**
 * The message for a failed write that carries its own id: with no answer it may already be saved,
 * and sending it again is safe (never "not saved"); a refusal as `refusalText` words it.
 */
export function keyedWriteText(err: unknown, known: KnownRefusals = {}): string {
  return unsent(err) ? t('errors.noAnswerMaybeSaved') : refusalText(err, known);
}
