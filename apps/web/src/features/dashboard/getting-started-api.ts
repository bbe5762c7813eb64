import { useQuery } from '@tanstack/react-query';
import { type GettingStarted, type GettingStartedStep, gettingStartedSchema } from '@duka/domain';
import { api } from '../../lib/api-client';

/** Where each step is done. */
export const STEP_LINKS: Record<GettingStartedStep, string> = {
  products: '/stock',
  receive: '/addsupplierstock',
  cashier: '/users',
  printer: '/profile',
  providers: '/transfers',
  sale: '/cash-sale',
};

/** The business's first steps (admin), read again whenever the dashboard is opened. */
export function useGettingStarted(enabled: boolean) {
  return useQuery({
    queryKey: ['getting-started'],
    queryFn: ({ signal }) => api('/api/getting-started', { schema: gettingStartedSchema, signal }),
    enabled,
    staleTime: 0,
    refetchInterval: 60_000,
  });
}

/**
 * The steps as this device sees them: the server knows a network printer in the profile; a till
 * that chose the printer helper in its own printing settings has chosen its printer too.
 */
export function stepsOnThisDevice(
  steps: GettingStarted['steps'],
  device: { helper: boolean },
): GettingStarted['steps'] {
  return steps.map((s) => (s.id === 'printer' && device.helper ? { ...s, done: true } : s));
}

const DISMISSED_COOKIE = 'duka_checklist_hidden';

/** The businesses whose checklist was hidden in this browser (a cookie: signing out keeps it). */
function hiddenFor(): string[] {
  const prefix = `${DISMISSED_COOKIE}=`;
  const part = document.cookie
    .split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(prefix));
  if (!part) return [];
  try {
    const v: unknown = JSON.parse(decodeURIComponent(part.slice(prefix.length)));
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function isChecklistHidden(businessId: string): boolean {
  return hiddenFor().includes(businessId);
}

export function hideChecklist(businessId: string): void {
  // The last few businesses are enough: one browser rarely serves more than a handful.
  const ids = [...hiddenFor().filter((id) => id !== businessId), businessId].slice(-10);
  document.cookie = `${DISMISSED_COOKIE}=${encodeURIComponent(JSON.stringify(ids))}; path=/; max-age=31536000; SameSite=Strict`;
}
