import { type Page, type Response, expect, request as playwrightRequest } from '@playwright/test';
import { HOSTED_PORT, HOSTED_URL } from './hosted-env';

/** The two server processes, reached past the proxy. */
export const BACKENDS = [`http://127.0.0.1:${HOSTED_PORT + 1}`, `http://127.0.0.1:${HOSTED_PORT + 2}`];

/** An API client signed in as `account` at the hosted address (or at one process, `baseURL`). */
export async function signedInApi(account: { username: string; password: string }, baseURL = HOSTED_URL) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/auth/login', {
    data: { login: account.username, password: account.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ctx;
}

/** Which process answered each API call the page made (the proxy's `x-duka-backend`). */
export function watchBackends(page: Page): Set<string> {
  const seen = new Set<string>();
  page.on('response', (r: Response) => {
    if (r.url().includes('/api/')) {
      const b = r.headers()['x-duka-backend'];
      if (b) seen.add(b);
    }
  });
  return seen;
}

/**
 * Does `act` (a click that saves) and answers the id of what the page's POST to `pathname` created,
 * after checking it was created (201).
 */
export async function createdThrough(
  page: Page,
  pathname: string,
  act: () => Promise<void>,
): Promise<string> {
  const posted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === pathname,
  );
  await act();
  const answer = await posted;
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}
