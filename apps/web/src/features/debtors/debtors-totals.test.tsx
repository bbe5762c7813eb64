import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeSession, renderApp } from '../../test/render';
import { DebtorsTotals } from './debtors-filters';

describe('a count in a sentence', () => {
  it('is grouped as the language groups it (was: "Schuldner: 12345")', async () => {
    const de = await renderApp(<DebtorsTotals count={12_345} owed={0} />, {
      session: makeSession(),
      lng: 'de',
    });
    expect(screen.getByText('Schuldner: 12.345')).toBeVisible();
    de.unmount();
    await renderApp(<DebtorsTotals count={12_345} owed={0} />, { session: makeSession(), lng: 'en' });
    expect(screen.getByText('Debtors: 12,345')).toBeVisible();
  });
});
