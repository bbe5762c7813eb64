import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useInertBehindDialogs } from './use-inert-behind-dialogs';

afterEach(() => {
  document.body.innerHTML = '';
});

/** The page (#root with a button) and a way to open a modal dialog beside it, as Mantine portals it. */
function page() {
  const root = document.createElement('div');
  root.id = 'root';
  const button = document.createElement('button');
  button.textContent = 'Settings';
  root.append(button);
  document.body.append(root);
  const open = () => {
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    const close = document.createElement('button');
    close.textContent = 'Close';
    dialog.append(close);
    document.body.append(dialog);
    return { dialog, close };
  };
  return { root, button, open };
}

describe('the page behind a modal dialog', () => {
  it('is inert while the dialog is in, and the opener has the focus again once it has left', async () => {
    const { root, button, open } = page();
    renderHook(() => useInertBehindDialogs());
    button.focus();
    const { dialog, close } = open();
    await waitFor(() => expect(root.inert).toBe(true));
    expect(root).toHaveAttribute('aria-hidden', 'true');
    // the dialog's focus trap takes the focus; closing, the dialog leaves with it
    close.focus();
    dialog.remove();
    await waitFor(() => expect(root.inert).toBe(false));
    expect(root).not.toHaveAttribute('aria-hidden');
    expect(button).toHaveFocus();
  });

  it('leaves the focus where the screen put it as the dialog left', async () => {
    const { root, button, open } = page();
    const search = document.createElement('input');
    root.append(search);
    renderHook(() => useInertBehindDialogs());
    button.focus();
    const { dialog } = open();
    await waitFor(() => expect(root.inert).toBe(true));
    dialog.remove();
    search.focus();
    await waitFor(() => expect(root.inert).toBe(false));
    expect(search).toHaveFocus();
  });
});
