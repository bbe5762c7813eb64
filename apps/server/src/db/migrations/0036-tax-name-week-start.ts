import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * Two settings of the business profile for shops outside Kenya: what the business calls its tax
 * (`tax_name`: GST, ICMS, TVA…; '' = the word of the receipt's language, as before) and the first
 * day of its week (`week_start`, as JavaScript numbers days: 1 Monday, 0 Sunday, 6 Saturday). Every
 * business keeps what it had (no name, weeks from Monday), the same on every server, so linked
 * copies stay equal. Synced with the business as its other columns are (each a field of its own).
 */
export function taxNameWeekStart() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('businesses')
        .addColumn('tax_name', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('businesses')
        .addColumn('week_start', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
  };
}
