import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { makeSession, renderApp } from '../../test/render';
import { useReportFormat } from './report-format';

/** A report's figures as its screen writes them. */
function Figures() {
  const f = useReportFormat();
  return <output>{[f.quantity(-2500), f.money(-1000), f.quantity(1234500)].join(' | ')}</output>;
}

describe('a report’s quantities', () => {
  it.each([
    ['en', '−2.5 | −KES 10.00 | 1,234.5'],
    ['de', '−2,5 | −10,00 KES | 1.234,5'],
  ] as const)('%s: below zero with the true minus sign money has, not a hyphen', async (lng, shown) => {
    await renderApp(<Figures />, { session: makeSession({ role: 'admin' }), lng });
    expect((await screen.findByRole('status')).textContent?.replace(/\s/g, ' ')).toBe(shown);
  });
});
