import './styles';
import { Suspense, useRef, useState } from 'react';
import { ActionIcon, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyPanel } from '../../lib/lazy-panel';
import { Hint } from '../../components/hint';

/**
 * The field's code (Mantine's autocomplete, with its combobox and floating-ui) loads when a pointer
 * comes over the button, it takes the focus, or it is pressed, not with every screen (issue 21).
 */
const MenuSearchField = lazyPanel(() => import('./menu-search-field').then((m) => m.MenuSearchField));

/**
 * The navbar search (seed spec §2): opens from its button, finds menu entries, and clears and
 * closes on Escape. Products and receipts join it when those screens exist. Closed, it is only
 * its button: the menu's entries are translated when it opens, not with every screen (issue 21).
 */
export function MenuSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const close = () => {
    setOpen(false);
    setValue('');
  };
  const button = (
    <Hint label={t('layout.search')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('layout.search')}
        onClick={() => setOpen(true)}
        onPointerEnter={MenuSearchField.preload}
        onFocus={MenuSearchField.preload}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    </Hint>
  );
  if (!open) return button;
  // while the field's code loads, a plain field like it takes the focus and what is typed
  const waiting = (
    <TextInput
      ref={inputRef}
      autoFocus
      aria-label={t('layout.search')}
      placeholder={t('layout.searchPlaceholder')}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
      w={{ base: 180, sm: 280 }}
    />
  );
  return (
    <Suspense fallback={waiting}>
      <MenuSearchField
        opened
        inputRef={inputRef}
        value={value}
        setValue={setValue}
        onClose={close}
        fallback={button}
      />
    </Suspense>
  );
}
