import './styles';
import { Suspense, useState } from 'react';
import { Badge, Button } from '@mantine/core';
import { IconPlayerPause } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFocusKept, useLater } from '../../lib/later-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import type { ParkedProps } from './parked';

/** The list's code (Mantine's popover) loads when first wanted, not with the till (issue 21). */
const ParkedList = lazyPanel(() => import('./parked-list').then((m) => m.ParkedList));

/**
 * The header's list of parked sales on this device: resume or drop one. The list is made around
 * its button when first opened, its code asked for when a pointer comes over the button or it takes
 * the focus (useFocusKept: the focus stays on the button as it is made around it).
 */
export function ParkedButton(p: ParkedProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const later = useLater(open, null);
  const keep = useFocusKept<HTMLButtonElement>();
  const button = (
    <Button
      ref={keep}
      variant="default"
      leftSection={<IconPlayerPause size={16} aria-hidden />}
      rightSection={
        p.parked.length > 0 ? (
          // a circle holds one digit: "12" in one read "1…"
          <Badge size="sm" circle={p.parked.length < 10}>
            {p.parked.length}
          </Badge>
        ) : null
      }
      onClick={() => setOpen((o) => !o)}
      onPointerEnter={ParkedList.preload}
      onFocus={ParkedList.preload}
      aria-expanded={open}
      data-testid="till-parked"
    >
      {t('till.park.list')}
    </Button>
  );
  if (!later.make) return button;
  return (
    <Suspense fallback={button}>
      <ParkedList
        p={p}
        opened={later.opened}
        onClose={() => setOpen(false)}
        onChange={setOpen}
        target={button}
        fallback={button}
      />
    </Suspense>
  );
}
