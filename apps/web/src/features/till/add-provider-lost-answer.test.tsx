/**
 * A provider added from the till's transfer form whose answer is lost: it is sent under an id of
 * its own, kept across retries until it is created, so a retry never makes two; changed after the
 * lost answer, the 409 on its id chooses the provider first sent, with a warning.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Provider } from '@duka/domain';
import { stubFonts } from '../../test/history-fixtures';
import { CREATED_EARLIER_WORDS, NO_ANSWER_WORDS, idsOf, keyedServer } from '../../test/keyed-server';
import { makeSession, renderApp } from '../../test/render';
import { AddProviderInline } from './add-provider';

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

async function inline() {
  const onAdded = vi.fn();
  await renderApp(<AddProviderInline onAdded={onAdded} />, { session: makeSession({ role: 'admin' }) });
  fireEvent.click(screen.getByRole('button', { name: 'Add a provider' }));
  const add = (name: string) => {
    fireEvent.change(screen.getByLabelText('Provider name'), { target: { value: name } });
    fireEvent.click(screen.getByRole('button', { name: 'Add provider' }));
  };
  return { onAdded, add };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(stubFonts);
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a provider added from the till whose answer is lost', () => {
  it('says it may already be saved; sent again, the same id creates it once and it is chosen', async () => {
    const srv = providerServer();
    const { onAdded, add } = await inline();
    srv.down = true;
    add('Airtel Money');
    expect(await screen.findByText(NO_ANSWER_WORDS)).toBeVisible();
    srv.down = false;
    add('Airtel Money');
    await waitFor(() => expect(onAdded).toHaveBeenCalledTimes(1));
    expect(onAdded.mock.calls[0]![0]).toMatchObject({ name: 'Airtel Money', kind: 'mobile_money' });
    // every try under one id of its own (a uuid), never none
    expect(idsOf(srv)).toEqual([expect.stringMatching(UUID)]);
    expect(srv.stored.size).toBe(1);
  });

  it('changed after the lost answer: the 409 chooses the provider first sent, with a warning', async () => {
    const srv = providerServer();
    const { onAdded, add } = await inline();
    srv.down = true;
    add('Airtel Money');
    expect(await screen.findByText(NO_ANSWER_WORDS)).toBeVisible();
    srv.down = false;
    add('Airtel');
    expect(await screen.findByText(CREATED_EARLIER_WORDS)).toBeVisible();
    expect(onAdded).toHaveBeenCalledTimes(1);
    expect(onAdded.mock.calls[0]![0]).toMatchObject({ id: idsOf(srv)[0], name: 'Airtel Money' });
    expect(srv.stored.size).toBe(1);
    // opened again, the next provider goes under a new id
    fireEvent.click(screen.getByRole('button', { name: 'Add a provider' }));
    add('Airtel');
    await waitFor(() => expect(srv.stored.size).toBe(2));
    expect(idsOf(srv)).toHaveLength(2);
  });
});
