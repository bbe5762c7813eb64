import { useMediaQuery } from '@mantine/hooks';

/**
 * Whether the screen is at least Mantine's `sm` breakpoint (48em, 768 px) wide: not a phone.
 * Known from the first render (no second render after mount, as Mantine's default reads it in an
 * effect), so what is made only for one side is never made and thrown away on the other.
 */
export function useWideScreen(): boolean {
  return useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
}
