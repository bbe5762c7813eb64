import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFonts } from '../../test/history-fixtures';
import { businessOf, fakeProfileServer } from '../../test/business';
import { makeSession, renderApp } from '../../test/render';
import { BusinessProfilePage } from './business-profile-page';

/**
 * The profile's settings for shops outside Kenya: the tax's name (empty: the language's word, shown
 * as the field's placeholder) and the first day of the week, saved with the profile; the server's
 * refusal shown on its field.
 */

const session = makeSession({ role: 'admin' });

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe("the business's tax name and first day of the week", () => {
  it('starts empty (the word of the language as placeholder) and Monday; saves GST and Sunday', async () => {
    const saves = fakeProfileServer(businessOf(session.business.id));
    await renderApp(<BusinessProfilePage />, { session });
    const name = await screen.findByRole('textbox', { name: 'Tax name' });
    expect(name).toHaveValue('');
    expect(name).toHaveAttribute('placeholder', 'VAT');
    expect(name).toHaveAttribute('maxlength', '12');
    const week = screen.getByRole('combobox', { name: 'Week starts on' });
    expect(week).toHaveValue('Monday');
    await userEvent.type(name, 'GST');
    await userEvent.click(week);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'Monday',
      'Sunday',
      'Saturday',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Sunday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ tax_name: 'GST', week_start: 0 });
  });

  it('shows what was saved: ICMS and Saturday', async () => {
    fakeProfileServer(businessOf(session.business.id, { tax_name: 'ICMS', week_start: 6 }));
    await renderApp(<BusinessProfilePage />, { session });
    expect(await screen.findByRole('textbox', { name: 'Tax name' })).toHaveValue('ICMS');
    expect(screen.getByRole('combobox', { name: 'Week starts on' })).toHaveValue('Saturday');
  });

  it("shows the server's refusal on the tax name", async () => {
    fakeProfileServer(businessOf(session.business.id), { field: 'tax_name', message: 'Too long' });
    await renderApp(<BusinessProfilePage />, { session });
    await userEvent.type(await screen.findByRole('textbox', { name: 'Tax name' }), 'GST');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Tax name' });
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
  });

  it.each([
    ['es', 'Nombre del impuesto', 'IVA', 'La semana empieza el', 'Lunes'],
    ['pt', 'Nome do imposto', 'IVA', 'A semana começa em', 'Segunda-feira'],
    ['de', 'Name der Steuer', 'MwSt.', 'Woche beginnt am', 'Montag'],
  ] as const)('names them in the user’s language (%s)', async (lng, label, word, weekLabel, monday) => {
    fakeProfileServer(businessOf(session.business.id));
    await renderApp(<BusinessProfilePage />, { session, lng });
    expect(await screen.findByRole('textbox', { name: label })).toHaveAttribute('placeholder', word);
    expect(screen.getByRole('combobox', { name: weekLabel })).toHaveValue(monday);
  });
});

describe('a profile refused on the page', () => {
  it('brings the first field with an error into view and focuses it, and sends nothing', async () => {
    const saves = fakeProfileServer(businessOf(session.business.id));
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    await renderApp(<BusinessProfilePage />, { session });
    const email = await screen.findByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'bad@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(scrolled).toHaveBeenCalled();
    expect(saves).toEqual([]);
  });
});
