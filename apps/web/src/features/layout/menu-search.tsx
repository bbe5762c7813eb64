import './styles';
import { type RefObject, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Autocomplete } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useMenuSearchEntries } from './use-menu';
import { Hint } from '../../components/hint';

/**
 * The navbar search (seed spec §2): opens from its button, finds menu entries, and clears and
 * closes on Escape. Products and receipts join it when those screens exist. Closed, it is only
 * its button: the menu's entries are translated when it opens, not with every screen (issue 21).
 */
export function MenuSearch() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  if (open) return <MenuSearchField inputRef={inputRef} onClose={() => setOpen(false)} />;
  return (
    <Hint label={t('layout.search')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('layout.search')}
        onClick={() => {
          setOpen(true);
          setTimeout(() => inputRef.current?.focus(), 0);
        }}
      >
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    </Hint>
  );
}

function MenuSearchField({
  inputRef,
  onClose,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useMenuSearchEntries();
  const [value, setValue] = useState('');

  const go = (label: string) => {
    const hit = entries.find((e) => e.label === label);
    if (hit) {
      onClose();
      void navigate(hit.path);
    }
  };

  return (
    <Autocomplete
      ref={inputRef}
      aria-label={t('layout.search')}
      placeholder={t('layout.searchPlaceholder')}
      data={entries.map((e) => e.label)}
      value={value}
      onChange={setValue}
      onOptionSubmit={go}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        } else if (e.key === 'Enter') {
          const q = value.trim().toLowerCase();
          const first = entries.find((x) => x.label.toLowerCase().includes(q));
          if (q && first) go(first.label);
        }
      }}
      onBlur={() => {
        if (!value) onClose();
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('layout.closeSearch')}
          onClick={onClose}
        >
          <IconX size={14} aria-hidden />
        </ActionIcon>
      }
      w={{ base: 180, sm: 280 }}
      limit={8}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
