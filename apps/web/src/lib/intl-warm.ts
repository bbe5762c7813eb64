/**
 * The browser's first use of Intl loads ICU's locale data, and the first question of which
 * locales exist builds their list: about 30 ms on this machine, 130 ms at Lighthouse's 4× CPU
 * (issue 21). Every signed-in screen formats a date or an amount as it first renders (the menu's
 * notices, the till's totals), so that cost used to fall inside React's mounting of the screen:
 * one piece of work it cannot split, in the task that paints the screen. Done while the page waits
 * for its code and its first answers, it is off that path. Not on the sign-in page, which formats
 * nothing.
 */
export function warmIntlWhenIdle(signedIn: boolean): void {
  if (!signedIn) return;
  const warm = () => {
    try {
      // what `businessLocale` (the regional locale check) and `useFormat` (money) ask first
      Intl.DateTimeFormat.supportedLocalesOf('en');
      new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' }).format(0);
    } catch {
      // a browser without Intl's data formats as it can, later
    }
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(warm, { timeout: 1000 });
  else window.setTimeout(warm, 0);
}
