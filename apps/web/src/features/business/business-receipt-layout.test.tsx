import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubFonts } from '../../test/history-fixtures';
import { businessOf, fakeProfileServer } from '../../test/business';
import { makeSession, renderApp } from '../../test/render';
import { ReceiptPreview } from '../receipts';
import { BusinessProfilePage } from './business-profile-page';

/**
 * The profile's receipt layout: the owner picks by what the printer prints on a line, a 58 mm roll
 * at 32 characters or an 80 mm one at 42 or 48, and the roll follows the choice.
 */

const session = makeSession({ role: 'admin' });

const layoutGroup = async (name: string) =>
  within(await screen.findByTestId('printer-section')).getByRole('radiogroup', { name });

beforeAll(stubFonts);
afterEach(() => vi.unstubAllGlobals());

describe('the receipt layout in the business profile', () => {
  it('offers 58 mm · 32, 80 mm · 42 and 80 mm · 48 characters; 42 saves with its 80 mm roll', async () => {
    const saves = fakeProfileServer(businessOf(session.business.id));
    await renderApp(<BusinessProfilePage />, { session });
    const group = await layoutGroup('Paper and characters per line');
    const options = within(group).getAllByRole('radio');
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['32', '42', '48']);
    expect(within(group).getByLabelText('80 mm · 48 characters')).toBeChecked();
    expect(within(group).getByLabelText('58 mm · 32 characters')).not.toBeChecked();
    await userEvent.click(within(group).getByLabelText('80 mm · 42 characters'));
    expect(within(group).getByLabelText('80 mm · 42 characters')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ receipt_width: 80, receipt_columns: 42 });
  });

  it('takes the 58 mm roll with 32 characters, and shows a saved 42 as chosen', async () => {
    const saves = fakeProfileServer(businessOf(session.business.id, { receipt_columns: 42 }));
    await renderApp(<BusinessProfilePage />, { session });
    const group = await layoutGroup('Paper and characters per line');
    expect(within(group).getByLabelText('80 mm · 42 characters')).toBeChecked();
    await userEvent.click(within(group).getByLabelText('58 mm · 32 characters'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ receipt_width: 58, receipt_columns: 32 });
  });

  it.each([
    ['es', 'Papel y caracteres por línea', '80 mm · 42 caracteres'],
    ['pt', 'Papel e caracteres por linha', '80 mm · 42 caracteres'],
    ['de', 'Papier und Zeichen pro Zeile', '80 mm · 42 Zeichen'],
  ] as const)('names the choices in the user’s language (%s)', async (lng, label, option) => {
    fakeProfileServer(businessOf(session.business.id));
    await renderApp(<BusinessProfilePage />, { session, lng });
    const group = await layoutGroup(label);
    expect(within(group).getByLabelText(option)).not.toBeChecked();
  });
});

describe('the receipt on screen', () => {
  it("is drawn at the profile's characters per line: 42 on an 80 mm printer of 42", async () => {
    const at42 = makeSession({ role: 'admin' });
    at42.business = { ...at42.business, receipt_columns: 42 };
    await renderApp(<ReceiptPreview receiptNo="000123" />, { session: at42 });
    // (hidden until it has loaded: found by its text)
    const img = await screen.findByAltText('Receipt #000123');
    expect(img).toHaveAttribute('src', '/api/receipts/000123/svg?columns=42');
    expect(screen.getByTestId('receipt-preview')).toHaveStyle({ maxWidth: '370px' });
  });
});
