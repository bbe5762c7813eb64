import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';

/** A product (or line) as lists show it: its name, and its code (and category) dimmed below. */
export function NameAndCode({ name, code, extra }: { name: string; code: string; extra?: string | null }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {code}
        {extra ? ` · ${extra}` : ''}
      </Text>
    </div>
  );
}
