import type { KeyboardEvent } from 'react';

/**
 * For a searchable Mantine Select: Enter with its list open and no option highlighted picks the
 * first option. Mantine highlights nothing on the ArrowDown that opens the list (the options are
 * not there yet), so that Enter chose nothing and submitted the form with the field blank.
 */
export function pickFirstOnEnter(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
  const listId = e.currentTarget.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  if (!list || list.querySelector('[data-combobox-selected]')) return;
  const first = list.querySelector<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])');
  if (!first) return;
  e.preventDefault();
  first.click();
}
