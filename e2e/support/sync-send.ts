// The requests of the sync process tests (ADR 11 §10): one send per write, refusals as errors
// with their status and typed code, uploads, and the shop's day.

/** An answer other than 2xx, with its status and JSON. */
export class Refused extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: { error?: { code?: string; params?: Record<string, unknown> } } | null,
  ) {
    super(message);
  }
}

/**
 * Sends one request; answers the JSON of a 2xx, or null for a create that a retry found done;
 * throws a Refused for any other answer.
 */
export type Send = (method: string, path: string, body?: unknown) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

type Fetch = (
  path: string,
  o?: { method?: string; body?: unknown },
) => Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A Send over `fetch` that sends once: any answer but 2xx is a Refused. */
export function sendOnce(fetch: Fetch): Send {
  return async (method, path, body) => {
    const r = await fetch(path, { method, body });
    if (r.status < 300) return r.body as unknown;
    throw new Refused(
      `${method} ${path} → ${r.status} ${JSON.stringify(r.body)}; sent ${JSON.stringify(body)}`,
      r.status,
      r.body,
    );
  };
}

/** Uploads a PNG as an image through `fetch`; answers its stored name. */
export async function uploadImage(fetch: Fetch, png: Buffer): Promise<string> {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
  const r = await fetch('/api/files/images', { method: 'POST', body: form });
  if (r.status !== 201) throw new Error(`upload: ${r.status} ${JSON.stringify(r.body)}`);
  return (r.body as { name: string }).name;
}

/** Today in the shop's time zone (the stack's shops are in Africa/Nairobi). */
export const shopToday = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
