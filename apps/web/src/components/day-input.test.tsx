import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeSession, renderApp } from '../test/render';
import { DayInput } from './day-input';

function Field({
  initial,
  spy,
  max,
  wrongSpy,
}: {
  initial: string;
  spy: (d: string) => void;
  max?: string;
  wrongSpy?: (wrong: boolean) => void;
}) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DayInput
        label="Day"
        value={day}
        max={max}
        onChange={(d) => {
          spy(d);
          setDay(d);
        }}
        onWrongText={wrongSpy}
      />
      <button type="button" onClick={() => setDay('2026-11-20')}>
        Reset
      </button>
    </>
  );
}

describe('DayInput', () => {
  it('shows the day in the business’s locale, not the browser’s, and reads it back', async () => {
    const spy = vi.fn();
    await renderApp(<Field initial="2026-11-05" spy={spy} />, { session: makeSession() });
    const input = screen.getByRole('textbox', { name: 'Day' });
    // English in Kenya (KES): day first
    expect(input).toHaveValue('05/11/2026');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    fireEvent.change(input, { target: { value: '3/12/2026' } });
    expect(spy).toHaveBeenLastCalledWith('2026-12-03');
    fireEvent.blur(input);
    expect(input).toHaveValue('03/12/2026');
  });

  it('in German, with the German hint', async () => {
    const spy = vi.fn();
    await renderApp(<Field initial="2026-11-05" spy={spy} />, { session: makeSession(), lng: 'de' });
    const input = screen.getByRole('textbox', { name: 'Day' });
    expect(input).toHaveValue('05.11.2026');
    expect(input).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    fireEvent.change(input, { target: { value: '24.12.2026' } });
    expect(spy).toHaveBeenLastCalledWith('2026-12-24');
    // the calendar opened as it was typed, on that month, in German, weeks from Monday
    expect(await screen.findByRole('button', { name: 'Dezember 2026', hidden: true })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader', { hidden: true })[0]).toHaveTextContent('Mo');
  });

  it('keeps a text that is no day with a message and tells the form, the day left as it was', async () => {
    const spy = vi.fn();
    const wrongSpy = vi.fn();
    await renderApp(<Field initial="2026-11-05" spy={spy} wrongSpy={wrongSpy} />, {
      session: makeSession(),
    });
    const input = screen.getByRole('textbox', { name: 'Day' });
    // typed on the way to another day: nothing moves (a filter's page keeps its day)
    fireEvent.input(input, { target: { value: '31/04/2026' } });
    expect(spy).not.toHaveBeenCalled();
    expect(wrongSpy).not.toHaveBeenCalled();
    expect(screen.queryByText('Not a day: type it as DD/MM/YYYY.')).toBeNull();
    // left so: the text stays to be corrected, named, and the form told (it refuses to save)
    fireEvent.blur(input);
    expect(input).toHaveValue('31/04/2026');
    expect(screen.getByText('Not a day: type it as DD/MM/YYYY.')).toBeInTheDocument();
    expect(wrongSpy).toHaveBeenLastCalledWith(true);
    expect(spy).not.toHaveBeenCalled();
    // corrected in place: the day is taken, the message goes, and the text is the business's format
    fireEvent.input(input, { target: { value: '30/4/2026' } });
    expect(spy).toHaveBeenLastCalledWith('2026-04-30');
    expect(wrongSpy).toHaveBeenLastCalledWith(false);
    expect(screen.queryByText('Not a day: type it as DD/MM/YYYY.')).toBeNull();
    fireEvent.blur(input);
    expect(input).toHaveValue('30/04/2026');
    // wrong again, then a day set from outside (a form reset) takes its place
    fireEvent.input(input, { target: { value: '32/4/2026' } });
    fireEvent.blur(input);
    expect(wrongSpy).toHaveBeenLastCalledWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(input).toHaveValue('20/11/2026');
    expect(wrongSpy).toHaveBeenLastCalledWith(false);
    expect(screen.queryByText('Not a day: type it as DD/MM/YYYY.')).toBeNull();
  });

  it('passes a typed day after the last one on, for the form to name; the calendar does not offer it', async () => {
    const spy = vi.fn();
    await renderApp(<Field initial="2026-11-05" spy={spy} max="2026-11-20" />, { session: makeSession() });
    const input = screen.getByRole('textbox', { name: 'Day' });
    fireEvent.input(input, { target: { value: '01/12/2026' } });
    expect(spy).toHaveBeenLastCalledWith('2026-12-01');
    fireEvent.change(input, { target: { value: '18/11/2026' } });
    const days = await screen.findAllByRole('button', { name: /November 2026$/, hidden: true });
    const day = (n: number) => days.find((d) => d.getAttribute('aria-label') === `${n} November 2026`);
    expect(day(20)).not.toHaveAttribute('data-disabled');
    expect(day(21)).toHaveAttribute('data-disabled');
    // and it does not page on to the months after the last day's
    expect(screen.getByRole('button', { name: 'Next month', hidden: true })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous month', hidden: true })).toBeEnabled();
  });
});
