import type { KeyboardEvent } from 'react';

/**
 * For a Mantine Autocomplete or searchable Select: Enter in the empty field with its list open and
 * no option highlighted picks the first option. Mantine highlights nothing on the ArrowDown that
 * opens the list (the options are not there yet), so that Enter chose nothing and sent the form
 * with the field blank. With something typed, Enter keeps what was typed.
 */
export function pickFirstOnEnter(e: KeyboardEvent<HTMLInputElement>): void {
  if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.currentTarget.value !== '') return;
  const listId = e.currentTarget.getAttribute('aria-controls');
  const list = listId ? document.getElementById(listId) : null;
  if (!list || list.querySelector('[data-combobox-selected]')) return;
  const first = list.querySelector<HTMLElement>('[data-combobox-option]:not([data-combobox-disabled])');
  if (!first) return;
  e.preventDefault();
  first.click();
}
