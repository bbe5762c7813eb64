import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { TILL_COOKIE, saveTillPrinting, useTillPrinting } from './till-settings';

function Shown({ n }: { n: number }) {
  const till = useTillPrinting();
  return <p data-testid="till">{`${n} ${till.helper ? 'helper' : 'browser'}`}</p>;
}

afterEach(() => {
  document.cookie = `${TILL_COOKIE}=; path=/; max-age=0`;
  vi.restoreAllMocks();
});

describe("the till's printing settings on screen", () => {
  it('are read from the cookie once, not on every render', async () => {
    const reads = vi.spyOn(document, 'cookie', 'get');
    const { rerender } = render(<Shown n={0} />);
    for (let n = 1; n <= 20; n++) rerender(<Shown n={n} />);
    expect(screen.getByTestId('till')).toHaveTextContent('20 browser');
    // the first render, and once more when the screen starts watching them
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    await act(() => Promise.resolve());
  });

  it('follow a change made here at once', () => {
    render(<Shown n={0} />);
    act(() => void saveTillPrinting({ helper: true }));
    expect(screen.getByTestId('till')).toHaveTextContent('0 helper');
  });

  it("follow another tab's change once this tab is looked at again", () => {
    render(<Shown n={0} />);
    expect(screen.getByTestId('till')).toHaveTextContent('0 browser');
    // another tab of the same till writes the cookie
    document.cookie = `${TILL_COOKIE}=${encodeURIComponent(JSON.stringify({ helper: true }))}; path=/`;
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(screen.getByTestId('till')).toHaveTextContent('0 helper');
  });
});
