import { useForm } from '@mantine/form';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currencyOptions, timeZoneOptions } from '../lib/intl-options';
import { renderApp } from '../test/render';
import { RegionalFields } from './regional-fields';

/** A browser whose Intl spells India's and Ukraine's capitals' zones the old way (Chrome's ICU). */
const LISTED = [
  'Africa/Nairobi',
  'Asia/Calcutta',
  'Asia/Karachi',
  'Asia/Tokyo',
  'Europe/Kiev',
  'Europe/Paris',
];

function Fields({ timezone, currency = 'INR' }: { timezone: string; currency?: string }) {
  const form = useForm({ initialValues: { currency, timezone, language: 'en' } });
  return (
    <RegionalFields
      currency={form.getInputProps('currency')}
      timezone={form.getInputProps('timezone')}
      language={form.getInputProps('language')}
    />
  );
}

describe('the time-zone picker', () => {
  beforeEach(() => {
    const supported = Intl.supportedValuesOf;
    vi.spyOn(Intl, 'supportedValuesOf').mockImplementation((key) =>
      key === 'timeZone' ? LISTED : supported(key),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a stored zone the browser spells another way', async () => {
    await renderApp(<Fields timezone="Asia/Kolkata" />);
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Kolkata');
  });

  it('sorts a zone the browser does not list in among its own, UTC first', () => {
    expect(timeZoneOptions('Europe/Kyiv')).toEqual([
      'UTC',
      ...LISTED.slice(0, 5),
      'Europe/Kyiv',
      'Europe/Paris',
    ]);
    expect(timeZoneOptions('Asia/Kolkata')).toEqual([
      'UTC',
      ...LISTED.slice(0, 3),
      'Asia/Kolkata',
      ...LISTED.slice(3),
    ]);
    expect(timeZoneOptions('Asia/Tokyo')).toEqual(['UTC', ...LISTED]);
    expect(timeZoneOptions()).toEqual(['UTC', ...LISTED]);
  });
});

/** A browser whose Intl lacks the newest currencies the server knows (Chromium: SLE, ZWG, XCG). */
const CURRENCIES = ['EUR', 'KES', 'SLL', 'USD', 'ZWL'];

describe('the currency picker', () => {
  beforeEach(() => {
    const supported = Intl.supportedValuesOf;
    vi.spyOn(Intl, 'supportedValuesOf').mockImplementation((key) =>
      key === 'currency' ? CURRENCIES : supported(key),
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a stored currency the browser does not know', async () => {
    await renderApp(<Fields timezone="Africa/Nairobi" currency="SLE" />);
    const picker = screen.getByRole<HTMLInputElement>('combobox', { name: 'Currency' });
    expect(picker.value).toMatch(/^SLE — /);
  });

  it('sorts a currency the browser does not list in among its own', () => {
    const codes = (current?: string) => currencyOptions('en', current).map((o) => o.value);
    expect(codes('SLE')).toEqual(['EUR', 'KES', 'SLE', 'SLL', 'USD', 'ZWL']);
    expect(codes('XCG')).toEqual(['EUR', 'KES', 'SLL', 'USD', 'XCG', 'ZWL']);
    expect(codes('KES')).toEqual(CURRENCIES);
    expect(codes()).toEqual(CURRENCIES);
  });
});
