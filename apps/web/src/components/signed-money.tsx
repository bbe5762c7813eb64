import '@mantine/core/styles/Text.css';
import { Text } from '@mantine/core';
import { useFormat } from '../lib/format';
import { useSession } from '../lib/session-context';

/** The colour of a signed amount: teal over, red under, dimmed at zero (never the only signal). */
export const signColor = (value: number) =>
  value > 0 ? 'var(--mantine-color-teal-text)' : value < 0 ? 'var(--mantine-color-error)' : 'dimmed';

/** Money with its sign written out: +KES 5.00, −KES 10.00 (zero: KES 0.00). */
export function SignedMoney({ value, colored = true }: { value: number; colored?: boolean }) {
  const session = useSession();
  const { signedMoney } = useFormat(session.business);
  return (
    <Text span inherit fw={600} c={colored ? signColor(value) : undefined} style={{ whiteSpace: 'nowrap' }}>
      {signedMoney(value)}
    </Text>
  );
}
