import './styles';
import { type ReactElement, useState } from 'react';
import { ActionIcon, Button, Group, Kbd, Popover, Stack, Text } from '@mantine/core';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PanelProps } from '../../lib/lazy-panel';
import { useOpenedAfterMount } from '../../lib/later-dialog';
import type { ParkedProps, ParkedSale } from './parked';

/** The parked sales' list, made around its button (parked-button.tsx loads it when first wanted). */
export function ParkedList({
  p,
  ...popover
}: {
  p: ParkedProps;
  opened: boolean;
  onClose: () => void;
  onChange: (opened: boolean) => void;
  target: ReactElement;
  fallback: PanelProps['fallback'];
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<string | null>(null);
  const opened = useOpenedAfterMount(popover.opened);
  return (
    <Popover
      opened={opened}
      onChange={popover.onChange}
      position="bottom-end"
      width={340}
      shadow="md"
      withinPortal
    >
      <Popover.Target>{popover.target}</Popover.Target>
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
                  popover.onClose();
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
  const name = s.name || t(s.elsewhere ? 'till.park.elsewhere' : 'till.park.unnamed');
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
