import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { lazyModule, useLazyModule } from './lazy-module';

function Shows({
  m,
  needed,
  retry,
}: {
  m: ReturnType<typeof lazyModule<{ word: string }>>;
  needed: boolean;
  retry: number;
}) {
  const mod = useLazyModule(m, needed, retry);
  return <p data-testid="word">{mod?.word ?? '—'}</p>;
}

describe('a module loaded when wanted', () => {
  it('is not asked for until needed, and code that did not come is asked for again on the next key', async () => {
    const load = vi
      .fn<() => Promise<{ word: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ word: 'sync' });
    const m = lazyModule(load);
    const { rerender } = render(<Shows m={m} needed={false} retry={0} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Shows m={m} needed retry={0} />);
    await act(() => Promise.resolve());
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('word')).toHaveTextContent('—');
    rerender(<Shows m={m} needed retry={1} />);
    expect(await screen.findByText('sync')).toBeInTheDocument();
    // kept: another reader has it at once, without asking again
    render(<Shows m={m} needed retry={0} />);
    expect(screen.getAllByTestId('word')[1]).toHaveTextContent('sync');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
