import type { ReactNode } from 'react';

/**
 * How wide an amount's text is at most, in em, in bold: a digit 0.7, a separator or space 0.4, a
 * letter of the currency code or a sign 0.85 (the widest of the fonts the app asks for, with room).
 */
export const emsOf = (text: string) =>
  [...text].reduce((w, ch) => w + (/\d/.test(ch) ? 0.7 : /[.,'\s]/.test(ch) ? 0.4 : 0.85), 0);

/**
 * An amount that never runs out of its card: at the card's own size while it fits, smaller as the
 * card narrows or the amount grows (1.000.000.000,00 KES), by the length of its text. `room` is the
 * width it has, in the units of the nearest box with a container type (100cqi: all of its width).
 */
export function FitAmount({ text, room, children }: { text: string; room: string; children: ReactNode }) {
  const ems = Math.max(1, emsOf(text));
  return (
    <span
      data-fit-amount
      style={{ display: 'block', fontSize: `min(1em, calc((${room}) / ${ems.toFixed(2)}))` }}
    >
      {children}
    </span>
  );
}
