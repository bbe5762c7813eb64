import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import { NewPasswordFields } from './new-password-fields';

const field = (error?: string) => ({ value: '', onChange: () => undefined, error });

describe('a new password', () => {
  it('shows the length hint while there is no error', async () => {
    await renderApp(<NewPasswordFields password={field()} confirm={field()} />);
    expect(screen.getAllByText('At least 8 characters.')).toHaveLength(1);
  });

  it('says "At least 8 characters." once when that is the error', async () => {
    await renderApp(<NewPasswordFields password={field('At least 8 characters.')} confirm={field()} />);
    expect(screen.getAllByText('At least 8 characters.')).toHaveLength(1);
  });
});
