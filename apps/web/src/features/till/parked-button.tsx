import './styles';
import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Kbd, Popover, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFocusKept, useLater } from '../../lib/later-dialog';
import type { ParkedSale } from './parked';

type ParkedProps = {
  parked: ParkedSale[];
  money: (minor: number) => string;
  totalOf: (s: ParkedSale) => number;
  time: (iso: string) => string;
  onResume: (id: string) => void;
  onDrop: (id: string) => void;
};

/** The header's list of parked sales on this device: resume or drop one. */
export function ParkedButton(p: ParkedProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  // the list is made around its button once the till is up, or when first opened (issue 21:
  // useFocusKept says why)
  const later = useLater(open, 6);
  const keep = useFocusKept<HTMLButtonElement>();
  const button = (
    <Button
      ref={keep}
      variant="default"
      leftSection={<IconPlayerPause size={16} aria-hidden />}
      rightSection={
        p.parked.length > 0 ? (
          <Badge size="sm" circle>
            {p.parked.length}
          </Badge>
        ) : null
      }
      onClick={() => setOpen((o) => !o)}
      aria-expanded={open}
      data-testid="till-parked"
    >
      {t('till.park.list')}
    </Button>
  );
  if (!later.make) return button;
  return (
    <Popover
      opened={later.opened}
      onChange={setOpen}
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
    >
      <Popover.Target>{button}</Popover.Target>
      <Popover.Dropdown>
        {p.parked.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('till.park.none')}
          </Text>
        ) : (
          <Stack gap="xs">
            {p.parked.map((s) => (
              <ParkedRow
                key={s.cart.id}
                sale={s}
                p={p}
                confirming={confirming === s.cart.id}
                onConfirm={() => setConfirming(s.cart.id)}
                onResume={() => {
                  setOpen(false);
                  p.onResume(s.cart.id);
                }}
              />
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {t('till.park.keyHint')} <Kbd size="xs">F8</Kbd>
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** One parked sale: its name, when, lines and total; resume, or drop (asked once more first). */
function ParkedRow({
  sale: s,
  p,
  confirming,
  onConfirm,
  onResume,
}: {
  sale: ParkedSale;
  p: ParkedProps;
  confirming: boolean;
  onConfirm: () => void;
  onResume: () => void;
}) {
  const { t } = useTranslation();
  const name = s.name || t('till.park.unnamed');
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed" className="tabular">
          {t('till.park.summary', {
            time: p.time(s.parked_at),
            count: s.cart.lines.length,
            total: p.money(p.totalOf(s)),
          })}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlayerPlay size={14} aria-hidden />}
          onClick={onResume}
          aria-label={t('till.park.resumeNamed', { name })}
        >
          {t('till.park.resume')}
        </Button>
        {confirming ? (
          <Button size="compact-sm" color="red" onClick={() => p.onDrop(s.cart.id)}>
            {t('till.park.dropConfirm')}
          </Button>
        ) : (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('till.park.drop', { name })}
            onClick={onConfirm}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}
