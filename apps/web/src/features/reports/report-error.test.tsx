import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ApiError } from '../../lib/api-error';
import { renderApp } from '../../test/render';
import { ReportError } from './report-layout';

/** A report the server could not answer exactly says why; any other failure asks to try again. */
describe('a report that did not load', () => {
  it('says the stock is worth more than it can show, on amount_too_large', async () => {
    const error = new ApiError({ kind: 'http', status: 422, code: 'amount_too_large' });
    await renderApp(<ReportError error={error} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/worth more than this report can show exactly/);
  });

  it('says it could not be loaded on any other failure', async () => {
    await renderApp(<ReportError error={new ApiError({ kind: 'network' })} onRetry={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/could not be loaded/);
  });
});
