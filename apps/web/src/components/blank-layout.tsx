import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { ReactNode } from 'react';
import { Box, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { LanguagePicker } from './language-picker';
import classes from './blank-layout.module.css';

/** The unauthenticated layout (seed spec §2): login, setup and the content pages. */
export function BlankLayout({
  title,
  subtitle,
  children,
  width = 420,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Box className={classes.root}>
      <Group justify="flex-end" p="md" className={classes.top}>
        <LanguagePicker compact />
      </Group>
      <main className={classes.main}>
        <Paper
          className={classes.card}
          withBorder
          shadow="md"
          radius="lg"
          p={{ base: 'lg', sm: 'xl' }}
          maw={width}
        >
          <Stack gap="xs" align="center" mb="lg">
            <Image src="/assets/duka-logo.svg" alt="Duka" w={56} h={56} />
            <Title order={1} size="h2" ta="center">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" ta="center" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Paper>
      </main>
    </Box>
  );
}
