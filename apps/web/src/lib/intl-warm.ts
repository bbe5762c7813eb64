/**
 * The browser's first use of Intl loads ICU's locale data, and the first question of which
 * locales exist builds their list: about 30 ms on this machine, 130 ms at Lighthouse's 4× CPU
 * (issue 21). Every signed-in screen formats a date or an amount as it first renders (the menu's
 * notices, the till's totals), so that cost used to fall inside React's mounting of the screen:
 * one piece of work it cannot split, in the task that paints the screen. Done while the page waits
 * for its code and its first answers, it is off that path. Not on the sign-in page, which formats
 * nothing.
 *
 * In steps, one idle callback each: the first use's cost is two native calls of about the same
 * length (the likely subtags a locale's lookup starts with, then a number format's data), and in
 * one callback they made one task twice as long (145–240 ms at 4× CPU, 30 November).
 */
export const INTL_WARM_STEPS: readonly (() => unknown)[] = [
  // the likely subtags: what every locale's lookup starts with
  () => new Intl.Locale('en').maximize(),
  // what `businessLocale` (the regional locale check) and `useFormat` (money) ask first
  () => Intl.DateTimeFormat.supportedLocalesOf('en'),
  () => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(0),
];

export function warmIntlWhenIdle(signedIn: boolean): void {
  if (!signedIn) return;
  const later = (step: () => void) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(step, { timeout: 1000 });
    else window.setTimeout(step, 0);
  };
  const warm = (i: number) => () => {
    try {
      INTL_WARM_STEPS[i]!();
    } catch {
      // a browser without Intl's data formats as it can, later
    }
    if (i + 1 < INTL_WARM_STEPS.length) later(warm(i + 1));
  };
  later(warm(0));
}
