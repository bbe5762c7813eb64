import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Title.css';
import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';

/** The page's heading, also the browser tab's title. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  useDocumentTitle(`${title} · Duka`);
  return (
    <Group justify="space-between" mb="lg" wrap="wrap" gap="sm">
      <Title order={1} size="h2">
        {title}
      </Title>
      {actions}
    </Group>
  );
}
