import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updatePrefs } from '../../lib/prefs';
import { makeSession, renderApp } from '../../test/render';
import { SetupPage } from './setup-page';

afterEach(() => vi.unstubAllGlobals());

/** A server still to set up; POST /api/setup answers with a session of a business in `language`. */
function freshServer(language: 'en' | 'de') {
  const fetch = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/setup' && init?.method === 'POST') {
      const session = makeSession({ role: 'admin' });
      return Promise.resolve(
        Response.json({ ...session, business: { ...session.business, language } }, { status: 201 }),
      );
    }
    if (url === '/api/setup') return Promise.resolve(Response.json({ setup_required: true, mode: 'local' }));
    return Promise.resolve(Response.json({ error: { code: 'unauthorized' } }, { status: 401 }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const setupPosts = (fetch: ReturnType<typeof freshServer>) =>
  fetch.mock.calls.filter(([u, init]) => u === '/api/setup' && init?.method === 'POST');

/** Fills the form for the business "Mama Mboga Stores" and its admin `username`. */
async function fill(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  const put = async (field: HTMLElement, text: string) => {
    await user.clear(field);
    await user.paste(text);
  };
  await put(await screen.findByLabelText(/^Business name/), 'Mama Mboga Stores');
  await put(screen.getByLabelText(/^Username/), username);
  await put(screen.getByLabelText(/^Password/), password);
  await put(screen.getByLabelText(/^Repeat the password/), password);
}

/** Picks the shop's default language in the form (not the page's own language picker). */
async function chooseShopLanguage(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Default language' }));
  await user.click(await within(screen.getByRole('listbox')).findByRole('option', { name }));
}

describe('the setup page', () => {
  it.each([
    ['the user name', 'mamamboga', 'Mamamboga'],
    ['the user name twice', 'admin', 'adminadmin'],
    ['the business name', 'owner', 'Mama Mboga Stores'],
  ])('refuses a password that is %s before sending it', async (_, username, password) => {
    const fetch = freshServer('en');
    await renderApp(<SetupPage />, { route: '/setup' });
    const user = userEvent.setup();
    await fill(user, username, password);
    await user.click(screen.getByRole('button', { name: 'Create business' }));
    expect(
      await screen.findByText('Too easy to guess: it is too close to the user name or the business name.'),
    ).toBeInTheDocument();
    expect(setupPosts(fetch)).toEqual([]);
  });

  it('speaks the shop’s language once the business is made', async () => {
    const fetch = freshServer('de');
    const { i18n } = await renderApp(<SetupPage />, { route: '/setup' });
    const user = userEvent.setup();
    await fill(user, 'owner', 'owner-pass-1');
    await chooseShopLanguage(user, 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Create business' }));
    await waitFor(() => expect(setupPosts(fetch)).toHaveLength(1));
    expect(JSON.parse(setupPosts(fetch)[0]![1]!.body as string)).toMatchObject({ language: 'de' });
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(await screen.findByText('Ihr Geschäft ist bereit')).toBeInTheDocument();
  });

  it('keeps the language this browser chose on the page', async () => {
    const fetch = freshServer('de');
    updatePrefs((p) => ({ ...p, language: 'en' }));
    const { i18n } = await renderApp(<SetupPage />, { route: '/setup' });
    const user = userEvent.setup();
    await fill(user, 'owner', 'owner-pass-1');
    await chooseShopLanguage(user, 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Create business' }));
    expect(await screen.findByText('Your business is ready')).toBeInTheDocument();
    expect(setupPosts(fetch)).toHaveLength(1);
    expect(i18n.language).toBe('en');
  });
});
