import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import type { ParkedSale } from './parked';
import { ParkedButton } from './parked-button';

const parked = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${i}` }) as unknown as ParkedSale);

const props = (n: number) => ({
  parked: parked(n),
  money: String,
  totalOf: () => 0,
  time: String,
  onResume: () => undefined,
  onDrop: () => undefined,
});

describe("the parked sales' count", () => {
  it('is a circle for one digit, and grows to hold two ("12", not "1…")', async () => {
    const { unmount } = await renderApp(<ParkedButton {...props(3)} />, { session: makeSession() });
    expect(screen.getByText('3').closest('.mantine-Badge-root')).toHaveAttribute('data-circle', 'true');
    unmount();
    await renderApp(<ParkedButton {...props(12)} />, { session: makeSession() });
    expect(screen.getByText('12').closest('.mantine-Badge-root')).not.toHaveAttribute('data-circle');
  });
});
