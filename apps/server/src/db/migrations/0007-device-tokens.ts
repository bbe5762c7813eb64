import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
/**
 * A device is bound to a secret the server issued it (ADR 8): the SHA-256 of its device token.
 * Devices recorded before have none; the next sign-in from one issues it a token and, if it was
 * approved, asks the admin to approve it once more (its id alone proved nothing).
 */
export function deviceTokens(_dialect: DialectName) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('devices').addColumn('token_hash', 'text').execute();
    },
  };
}
