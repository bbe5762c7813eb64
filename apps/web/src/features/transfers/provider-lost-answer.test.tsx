/**
 * A new payment provider whose answer is lost (the shop PC's server restarts, the network drops
 * after the commit): it is sent under an id of its own, kept across retries until it is created,
 * so a retry never makes two; changed after the lost answer, the 409 on its id says the one first
 * sent was created, and the next provider goes under a new id.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Provider } from '@duka/domain';
import { stubFonts } from '../../test/history-fixtures';
import { CREATED_EARLIER_WORDS, NO_ANSWER_WORDS, idsOf, keyedServer } from '../../test/keyed-server';
import { makeSession, renderApp } from '../../test/render';
import { ProvidersPanel } from './transfers-page';

/** The providers' routes, as the real server keeps a new provider under its id. */
function providerServer() {
  const srv = keyedServer({
    write: (url, body): Provider | undefined =>
      url === '/api/payment-providers'
        ? { id: String(body.id), name: String(body.name), kind: body.kind as Provider['kind'], active: true }
        : undefined,
    other: (url) => (url === '/api/payment-providers' ? [...srv.stored.values()].map((s) => s.record) : []),
  });
  return srv;
}

const add = (name: string) => {
  fireEvent.change(screen.getByLabelText('Provider name'), { target: { value: name } });
  fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(stubFonts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a new payment provider whose answer is lost', () => {
  it('says it may already be saved; sent again, the same id creates it once', async () => {
    const srv = providerServer();
    await renderApp(<ProvidersPanel />, { session: makeSession({ role: 'admin' }) });
    srv.down = true;
    add('M-Pesa');
    expect(await screen.findByText(NO_ANSWER_WORDS)).toBeVisible();
    expect(srv.stored.size).toBe(1);
    srv.down = false;
    add('M-Pesa');
    expect(await screen.findByText('Provider M-Pesa added')).toBeVisible();
    // every try under one id of its own (a uuid), never none
    expect(idsOf(srv)).toEqual([expect.stringMatching(UUID)]);
    expect(srv.stored.size).toBe(1);
    expect(srv.posted.every((p) => p.body.kind === 'mobile_money')).toBe(true);
    expect(screen.getByLabelText('Provider name')).toHaveValue('');
    // the next provider is a new one, under a new id
    add('Equity Bank');
    await waitFor(() => expect(srv.stored.size).toBe(2));
    expect(idsOf(srv)).toHaveLength(2);
  });

  it('changed after the lost answer: the 409 says the first was created, shown in the list; the next goes under a new id', async () => {
    const srv = providerServer();
    await renderApp(<ProvidersPanel />, { session: makeSession({ role: 'admin' }) });
    srv.down = true;
    add('M-Pesa');
    expect(await screen.findByText(NO_ANSWER_WORDS)).toBeVisible();
    srv.down = false;
    add('M-Pesa Till');
    expect(await screen.findByText(CREATED_EARLIER_WORDS)).toBeVisible();
    expect(await screen.findByTestId('providers-M-Pesa')).toBeVisible();
    expect(screen.getByLabelText('Provider name')).toHaveValue('');
    add('M-Pesa Till');
    await waitFor(() => expect(srv.stored.size).toBe(2));
    expect(idsOf(srv)).toHaveLength(2);
    expect([...srv.stored.values()].map((s) => (s.record as Provider).name)).toEqual([
      'M-Pesa',
      'M-Pesa Till',
    ]);
  });
});
