import './styles';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  CloseButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconChevronRight, IconCircleDashed, IconRocket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { GettingStarted } from '@duka/domain';
import { useTillPrinting } from '../../lib/printing/till-settings';
import { useSession } from '../../lib/session-context';
import {
  STEP_LINKS,
  hideChecklist,
  isChecklistHidden,
  stepsOnThisDevice,
  useGettingStarted,
} from './getting-started-api';
import classes from './getting-started.module.css';

type Step = GettingStarted['steps'][number];

function StepRow({ step }: { step: Step }) {
  const { t } = useTranslation();
  return (
    <li>
      <UnstyledButton
        component={Link}
        to={STEP_LINKS[step.id]}
        className={classes.step}
        data-done={step.done || undefined}
        data-testid={`step-${step.id}`}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon
            variant={step.done ? 'filled' : 'light'}
            color={step.done ? 'teal' : 'gray'}
            radius="xl"
            size={26}
            aria-hidden
          >
            {step.done ? <IconCheck size={16} stroke={3} /> : <IconCircleDashed size={18} />}
          </ThemeIcon>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} size="sm" td={step.done ? 'line-through' : undefined}>
              {t(`gettingStarted.steps.${step.id}.label`)}
              <VisuallyHidden component="span">
                {' — '}
                {step.done ? t('gettingStarted.done') : t('gettingStarted.todo')}
              </VisuallyHidden>
            </Text>
            {!step.done && (
              <Text size="xs" c="dimmed">
                {t(`gettingStarted.steps.${step.id}.hint`)}
              </Text>
            )}
          </div>
          <IconChevronRight size={16} aria-hidden className={classes.chevron} />
        </Group>
      </UnstyledButton>
    </li>
  );
}

/**
 * The owner's getting-started checklist on the dashboard: each step ticks itself from the shop's
 * data (GET /api/getting-started; the printer also from this till's own printing settings), links
 * to where it is done, and the whole list goes once every step is done or the owner hides it.
 */
export function GettingStartedCard() {
  const { t } = useTranslation();
  const { business } = useSession();
  const till = useTillPrinting();
  const [hidden, setHidden] = useState(() => isChecklistHidden(business.id));
  const query = useGettingStarted(!hidden);
  if (hidden || !query.data) return null;
  const steps = stepsOnThisDevice(query.data.steps, till);
  const done = steps.filter((s) => s.done).length;
  if (done === steps.length) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} mb="md" data-testid="getting-started">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" color="teal" radius="md" size="lg" aria-hidden>
            <IconRocket size={20} />
          </ThemeIcon>
          <div>
            <Title order={2} size="h4">
              {t('gettingStarted.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('gettingStarted.intro')}
            </Text>
          </div>
        </Group>
        <CloseButton
          aria-label={t('gettingStarted.dismiss')}
          title={t('gettingStarted.dismiss')}
          onClick={() => {
            hideChecklist(business.id);
            setHidden(true);
          }}
        />
      </Group>
      <Stack gap={4} mb="sm">
        <Text size="sm" fw={600} data-testid="getting-started-progress">
          {t('gettingStarted.progress', { done, total: steps.length })}
        </Text>
        <Progress
          value={(done / steps.length) * 100}
          color="teal"
          size="sm"
          radius="xl"
          aria-label={t('gettingStarted.progress', { done, total: steps.length })}
        />
      </Stack>
      <ol className={classes.list}>
        {steps.map((s) => (
          <StepRow key={s.id} step={s} />
        ))}
      </ol>
    </Paper>
  );
}
