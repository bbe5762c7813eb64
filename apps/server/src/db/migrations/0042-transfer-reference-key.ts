import { type Kysely, type SqlBool, sql } from 'kysely';
import { type MigrationContext, createIndexOnline } from '../online-index.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */

/**
 * A transfer reference is looked for without its spaces (ADR 9 "One transfer reference, one
 * form"): "QA7 TEST001" is the code "QA7TEST001" already brought in, typed with a space. The
 * references keep the form they were stored in (ledger documents never change); the index holds
 * the spaceless form of the received ones, which `referenceUse` (transfer-ledger.ts) reads with
 * the very same expression. Built concurrently on a big hosted database (`online-index.ts`).
 */
export const REFERENCE_KEY_SQL = `replace("reference", ' ', '')`;

export function transferReferenceKey(ctx: MigrationContext) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await createIndexOnline(
        db,
        {
          name: 'transfers_reference_key',
          table: 'transfers',
          columns: ['business_id', 'provider_id'],
          expression: sql.raw(REFERENCE_KEY_SQL),
          where: sql<SqlBool>`amount > 0`,
        },
        ctx,
      );
    },
  };
}
