import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, renderApp } from '../test/render';
import { KpiCard } from './kpi-card';

describe('a figure card', () => {
  it('fits an amount given as text to the card (301.173,37 KES ran out of it on a phone)', async () => {
    await renderApp(<KpiCard testId="worth" label="Valor a precio de venta" value="301.173,37 KES" />, {
      session: makeSession(),
    });
    const card = screen.getByTestId('worth');
    expect(card.style.containerType).toBe('inline-size');
    const fitted = card.querySelector<HTMLElement>('[data-fit-amount]')!;
    // one fitted block with the whole text (jsdom cannot lay out container units: the fit itself is
    // looked at in Chromium, in the stock report's screenshots)
    expect(fitted).toHaveTextContent('301.173,37 KES');
  });

  it('fits a negative amount as it does a positive one, in the colour it is given', async () => {
    // −KES 149,027.07 given as a <SignedMoney> was not fitted: it ran out of its card on a phone
    await renderApp(
      <KpiCard testId="loss" label="Net profit" value="−KES 149,027.07" color="var(--mantine-color-error)" />,
      { session: makeSession() },
    );
    const card = screen.getByTestId('loss');
    expect(card.style.containerType).toBe('inline-size');
    const fitted = card.querySelector<HTMLElement>('[data-fit-amount]')!;
    expect(fitted).toHaveTextContent('−KES 149,027.07');
    expect(fitted.parentElement!.style.color).toBe('var(--mantine-color-error)');
  });

  it('leaves a value made of elements as it is', async () => {
    await renderApp(<KpiCard testId="count" label="Products" value={<b>32</b>} />, {
      session: makeSession(),
    });
    const card = screen.getByTestId('count');
    expect(card.style.containerType).toBe('');
    expect(card.querySelector('[data-fit-amount]')).toBeNull();
  });
});
