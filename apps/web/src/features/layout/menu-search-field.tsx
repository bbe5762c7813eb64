import './styles';
import { type RefObject, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { ActionIcon, Autocomplete } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../lib/lazy-panel';
import { useMenuSearchEntries } from './use-menu';

/** The search's field: Mantine's autocomplete over the menu's entries (menu-search.tsx loads it). */
export function MenuSearchField({
  inputRef,
  value,
  setValue,
  onClose,
}: {
  opened: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  /** what was typed, kept by menu-search.tsx: typed while this code was loading, it is kept */
  value: string;
  setValue: (value: string) => void;
  onClose: () => void;
  fallback?: PanelProps['fallback'];
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = useMenuSearchEntries();
  // opened by its button: the field takes the focus as it comes (from the one shown while it loaded)
  useEffect(() => inputRef.current?.focus(), [inputRef]);

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
