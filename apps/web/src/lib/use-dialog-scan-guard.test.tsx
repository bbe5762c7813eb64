/**
 * A scan with a dialog open on a screen that takes scans is not typed into the dialog: the field
 * gets back what it held, the form is not submitted by the scan's Enter, and a notice names the
 * code; a person's typing and Enter in the same field work as ever, and a field marked
 * `data-scan-here` takes the scan.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { Modal, TextInput, Textarea } from '@mantine/core';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render';
import { useDialogScanGuard } from './use-dialog-scan-guard';

function SupplierDialog({ onSave }: { onSave: (name: string, code: string) => void }) {
  useDialogScanGuard();
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  return (
    <Modal opened onClose={() => undefined} title="Add supplier">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave(name, code);
        }}
      >
        <TextInput
          label="Supplier name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label="Their code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          data-scan-here
        />
        <TextInput label="Password" type="password" autoComplete="current-password" />
        <Textarea label="Note" />
        <button type="submit">Save</button>
      </form>
    </Modal>
  );
}

/** A scanner: every key of the burst at once, a second after the last key typed. */
async function scan(keys: string) {
  const clock = vi
    .spyOn(Event.prototype, 'timeStamp', 'get')
    .mockReturnValue(new Event('key').timeStamp + 1000);
  try {
    await userEvent.setup({ delay: null }).keyboard(keys);
  } finally {
    clock.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

/** The dialog open with the supplier's name focused, and what its form saves. */
async function openDialog() {
  const onSave = vi.fn();
  await renderApp(<SupplierDialog onSave={onSave} />);
  const name = await screen.findByRole('textbox', { name: 'Supplier name' });
  await waitFor(() => expect(name).toHaveFocus());
  return { onSave, name };
}

describe('a scan while a dialog is open', () => {
  it('gives the field back what it held, does not submit, and names the code', async () => {
    const { onSave, name } = await openDialog();
    await userEvent.setup({ delay: 60 }).keyboard('Kamau');
    await scan('616000000001{Enter}');
    expect(name).toHaveValue('Kamau');
    expect(onSave).not.toHaveBeenCalled();
    const notice = await screen.findByText(/“616000000001” was scanned while this window is open/);
    // at the foot of the screen, off the dialog's title (and the pay dialog's amount on a phone)
    expect(notice.closest('.mantine-Notifications-root')).toHaveAttribute('data-position', 'bottom-center');
    // the form holds what the field shows
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith('Kamau', '');
  });

  it("leaves a person's typing and Enter to the form", async () => {
    const { onSave } = await openDialog();
    await userEvent.setup({ delay: 60 }).keyboard('Kamau Ltd{Enter}');
    expect(onSave).toHaveBeenCalledWith('Kamau Ltd', '');
  });

  it('leaves a field marked data-scan-here to take the scan', async () => {
    const { onSave } = await openDialog();
    const code = await screen.findByRole('textbox', { name: 'Their code' });
    await userEvent.setup().click(code);
    await scan('616000000001{Enter}');
    expect(code).toHaveValue('616000000001');
    expect(onSave).toHaveBeenCalledWith('', '616000000001');
  });

  it('names every code scanned while its notice shows in one notice, not one each', async () => {
    const { onSave, name } = await openDialog();
    await scan('616000000001{Enter}');
    await screen.findByText(/“616000000001” was scanned/);
    await scan('616000000002{Enter}');
    await scan('616000000003{Enter}');
    expect(
      await screen.findByText(
        '3 codes were scanned while this window is open and were left out of it: ' +
          '616000000001, 616000000002, 616000000003. Close the window to add the products.',
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/scanned while this window is open/)).toHaveLength(1);
    expect(name).toHaveValue('');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('gives a text area back what it held, and leaves a person typing lines in it alone', async () => {
    const { onSave } = await openDialog();
    const note = screen.getByRole('textbox', { name: 'Note' });
    await userEvent.setup().click(note);
    await userEvent.setup({ delay: 60 }).keyboard('Ring first{Enter}Gate');
    expect(note).toHaveValue('Ring first\nGate');
    await scan('616000000005{Enter}');
    expect(note).toHaveValue('Ring first\nGate');
    expect(
      await screen.findByText(/“616000000005” was scanned while this window is open/),
    ).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("names in a new dialog's notice only its own codes, not the last dialog's", async () => {
    let show: (which: string | null) => void = () => undefined;
    function Dialogs() {
      useDialogScanGuard();
      const [which, setWhich] = useState<string | null>('Pay');
      show = setWhich;
      return (
        <Modal opened={which !== null} onClose={() => undefined} title={which ?? ''} key={which ?? ''}>
          <TextInput label="Amount" data-autofocus />
        </Modal>
      );
    }
    await renderApp(<Dialogs />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus());
    await scan('616000000011{Enter}');
    await screen.findByText(/“616000000011” was scanned/);
    act(() => show('Discount'));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Discount' })).toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Amount' })).toHaveFocus());
    await scan('616000000012{Enter}');
    expect(await screen.findByText(/“616000000012” was scanned/)).toBeInTheDocument();
    expect(screen.queryByText(/616000000011/)).toBeNull();
  });

  it("does not press the dialog's button that has the focus", async () => {
    const { onSave } = await openDialog();
    const save = await screen.findByRole('button', { name: 'Save' });
    save.focus();
    await scan('616000000004{Enter}');
    expect(onSave).not.toHaveBeenCalled();
    expect(
      await screen.findByText(/“616000000004” was scanned while this window is open/),
    ).toBeInTheDocument();
  });

  it("leaves a password manager's fast typing in a password field alone", async () => {
    const { onSave } = await openDialog();
    const password = await screen.findByLabelText('Password');
    await userEvent.setup().click(password);
    await scan('s3cret-Pass{Enter}');
    expect(password).toHaveValue('s3cret-Pass');
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/s3cret-Pass/)).not.toBeInTheDocument();
  });

  it('swallows the second Enter of a scanner that ends its codes with CR and LF', async () => {
    const { onSave, name } = await openDialog();
    await scan('616000000001{Enter}{Enter}');
    expect(name).toHaveValue('');
    expect(onSave).not.toHaveBeenCalled();
  });
});
