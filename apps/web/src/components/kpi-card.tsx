import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Text.css';
import type { ReactNode } from 'react';
import { Paper, Text } from '@mantine/core';
import { FitAmount } from './fit-amount';

/**
 * One figure on top of a list or report: a label, the value big and right-aligned, a line of detail.
 * A value given as text (an amount) is made to fit the card: smaller as the card narrows or the
 * amount grows (301.173,37 KES ran out of its card on a phone in Spanish). A signed amount is given
 * as its text too, with `color` (signColor), not as a <SignedMoney>: an element is left as it is
 * (−KES 149,027.07 ran out of its card and the page scrolled sideways).
 */
export function KpiCard({
  label,
  value,
  detail,
  big,
  accent,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  big?: boolean;
  /** A Mantine colour for a stripe on the left, for cards that stand for a state. */
  accent?: string;
  /** The value's colour, as Mantine's `c` (a negative amount: signColor). */
  color?: string;
  testId?: string;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      data-testid={testId}
      style={{
        ...(accent ? { borderLeft: `4px solid var(--mantine-color-${accent}-filled)` } : {}),
        // the card is what a text value measures itself by (its content box: 100cqi)
        ...(typeof value === 'string' ? { containerType: 'inline-size' as const } : {}),
      }}
    >
      <Text size="sm" c="dimmed" fw={500} lh={1.3}>
        {label}
      </Text>
      <Text
        fz={big ? { base: 26, sm: 34 } : { base: 18, sm: 24 }}
        fw={700}
        lh={1.2}
        ta="right"
        mt={4}
        c={color}
      >
        {typeof value === 'string' ? (
          <FitAmount text={value} room="100cqi">
            {value}
          </FitAmount>
        ) : (
          value
        )}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed" ta="right" mt={2} component="div">
          {detail}
        </Text>
      )}
    </Paper>
  );
}
