import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { businessPublicSchema, businessSchema, printerHostSchema, printerPortSchema } from './business.js';
import { switchesOnline } from '../shop-mode.js';
import { optionalEmailSchema } from './common.js';
import { debtorPhoneSchema } from './debtors.js';

const ok = (schema: { safeParse: (v: unknown) => { success: boolean } }, v: unknown) =>
  schema.safeParse(v).success;

describe('business profile rules', () => {
  it('takes a printer address as an IP address or a host name, or none', () => {
    for (const host of ['', '192.168.1.50', 'printer.local', '[fe80::1]', 'fe80::1'])
      expect(ok(printerHostSchema, host), host).toBe(true);
    for (const host of ['printer 1', 'http://printer', 'a'.repeat(254)])
      expect(ok(printerHostSchema, host), host).toBe(false);
    expect(ok(printerPortSchema, 9100)).toBe(true);
    for (const port of [0, 65536, 91.5]) expect(ok(printerPortSchema, port), String(port)).toBe(false);
  });

  it('lets through, for a shop set to local only, the update that switches both modes on', () => {
    expect(switchesOnline({ online_offline: 1 })).toBe(true);
    expect(switchesOnline({ online_offline: 0 })).toBe(false);
    expect(switchesOnline({ name: 'Duka' })).toBe(false);
    expect(switchesOnline(null)).toBe(false);
  });

  it('takes an email address or none, and a debtor’s phone with spaces or none', () => {
    expect(ok(optionalEmailSchema, '')).toBe(true);
    expect(ok(optionalEmailSchema, 'shop@example.com')).toBe(true);
    expect(ok(optionalEmailSchema, 'shop@')).toBe(false);
    expect(ok(debtorPhoneSchema, '')).toBe(true);
    expect(ok(debtorPhoneSchema, '+254 722 000 111')).toBe(true);
    expect(ok(debtorPhoneSchema, '0722-000-111')).toBe(false);
  });
});

describe("the business as staff read it (/api/me's business)", () => {
  it("has the profile's public fields, each checked as the profile checks it, and the network printer", () => {
    const pub = businessPublicSchema.shape;
    const all = businessSchema.shape;
    // which fields: apps/server's business.test.ts reads them off /api/business
    expect(Object.keys(pub)).toContain('network_printer');
    for (const key of Object.keys(pub).filter((k) => k !== 'network_printer'))
      expect(JSON.stringify(z.toJSONSchema(pub[key as keyof typeof pub])), key).toBe(
        JSON.stringify(z.toJSONSchema(all[key as keyof typeof all])),
      );
    // the rest of the profile stays out of what staff read
    expect(Object.keys(all)).not.toContain('network_printer');
    expect(Object.keys(pub)).not.toContain('payment_details');
  });
});
