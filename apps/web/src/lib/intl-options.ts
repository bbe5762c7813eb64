/**
 * Choices for currency and time-zone pickers, from what this browser's Intl knows, with `current`
 * sorted in when it is missing: a currency the server knows and this browser does not (Chromium
 * lacks SLE, ZWG and XCG) is still shown and kept, not an empty picker.
 */
export function currencyOptions(language: string, current?: string): { value: string; label: string }[] {
  const listed =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : ['KES', 'USD', 'EUR'];
  const codes = current && !listed.includes(current) ? [...listed, current].sort() : listed;
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'currency' });
  } catch {
    names = null;
  }
  return codes.map((c) => ({ value: c, label: `${c} — ${names?.of(c) ?? c}` }));
}

/**
 * The time zones this browser's Intl lists (UTC first if it has none), with `current` sorted in
 * when it is missing: a stored zone the browser spells another way (Intl has 'Asia/Calcutta' and
 * 'Europe/Kiev' where the server and other browsers take 'Asia/Kolkata' and 'Europe/Kyiv') is
 * still shown and kept, not an empty picker.
 */
export function timeZoneOptions(current?: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Africa/Nairobi'];
  // Intl lists them sorted by code unit, as sort() does
  const listed =
    current && current !== 'UTC' && !zones.includes(current) ? [...zones, current].sort() : zones;
  return listed.includes('UTC') ? listed : ['UTC', ...listed];
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Africa/Nairobi';
  } catch {
    return 'Africa/Nairobi';
  }
}
