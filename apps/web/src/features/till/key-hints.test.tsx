import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { mediaQueryList } from '../../test/media';
import { renderApp } from '../../test/render';
import { KeyHints } from './till-header';

afterEach(() => {
  vi.restoreAllMocks();
});

/** The screen as wide as `px`: a media query of min-width in em (16 px) matches from there. */
function screenOf(px: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const min = /min-width:\s*([\d.]+)em/.exec(query);
    return mediaQueryList(query, min ? px >= Number(min[1]) * 16 : false);
  });
}

describe("the till's key hints (issue 21)", () => {
  it('are shown where a keyboard is likely', async () => {
    screenOf(1024);
    await renderApp(<KeyHints />);
    const note = screen.getByRole('note', { name: 'Keyboard shortcuts' });
    expect(note).toHaveTextContent('F9');
    expect(note).toHaveTextContent('F4');
  });

  it("name the delete key as the language's keyboard prints it", async () => {
    screenOf(1024);
    await renderApp(<KeyHints />, { lng: 'de' });
    const keys = [...document.querySelectorAll('kbd')].map((k) => k.textContent);
    expect(keys).toContain('Entf');
    expect(keys).not.toContain('Del');
  });

  it('are not made at all on a phone (rather than made and hidden)', async () => {
    screenOf(412);
    const { container } = await renderApp(<KeyHints />);
    expect(screen.queryByRole('note', { hidden: true })).toBeNull();
    expect(container.querySelector('kbd')).toBeNull();
  });
});
