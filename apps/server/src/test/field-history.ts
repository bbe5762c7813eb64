import { formatStamp } from '@duka/domain';
import type { Db } from '../db/database.js';

/** What a seeded loss names: the business, the record, the field group, the lost and the winning value. */
export type LossArgs = [
  biz: string,
  docType: string,
  docId: string,
  field: string,
  value: object,
  won: object,
];

const stamp = (ms: number, serverId: string) => formatStamp({ ms, counter: 0, serverId });

/**
 * A `field_history` row as a merge writes it (ADR 11 §11.1): `value` set on `loser` at 07:02 lost
 * to `won` set on `branch-c` at 07:05, recorded at 07:06 on 25 Nov 2026.
 */
export const seedLoss = (db: Db, loser: string, ...[biz, docType, docId, field, value, won]: LossArgs) =>
  db.kysely
    .insertInto('field_history')
    .values({
      id: `${docType}-${field}-${docId}`,
      business_id: biz,
      doc_type: docType,
      doc_id: docId,
      field,
      value: JSON.stringify(value),
      stamp: stamp(Date.parse('2026-11-25T07:02:00Z'), loser),
      won_value: JSON.stringify(won),
      lost_to: stamp(Date.parse('2026-11-25T07:05:00Z'), 'branch-c'),
      reason: 'concurrent',
      recorded_at: '2026-11-25T07:06:00.000Z',
    })
    .execute();
