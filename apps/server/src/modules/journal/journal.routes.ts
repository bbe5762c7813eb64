import { journalEntrySchema, journalQuerySchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { contextOf } from '../../http/access.js';
import { errorResponses } from '../../http/errors.js';

export function journalRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/journal', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['audit'],
      summary:
        'The audit trail, newest first by the time each entry was made; page with before_time and before_seq',
      querystring: journalQuerySchema,
      response: { 200: z.array(journalEntrySchema), ...errorResponses(401, 403, 422) },
    },
    handler: async (request) => {
      const q = request.query;
      let query = deps.db.kysely
        .selectFrom('journal')
        .leftJoin('users', (j) =>
          j.onRef('users.id', '=', 'journal.user_id').onRef('users.business_id', '=', 'journal.business_id'),
        )
        .leftJoin('devices', (j) =>
          j
            .onRef('devices.id', '=', 'journal.device_id')
            .onRef('devices.business_id', '=', 'journal.business_id'),
        )
        // whom a user's entry is about ("User changed": which user), and a device's which device
        .leftJoin('users as subject', (j) =>
          j
            .onRef('subject.id', '=', 'journal.doc_id')
            .onRef('subject.business_id', '=', 'journal.business_id')
            .on('journal.doc_type', '=', 'user'),
        )
        .leftJoin('devices as subject_device', (j) =>
          j
            .onRef('subject_device.id', '=', 'journal.doc_id')
            .onRef('subject_device.business_id', '=', 'journal.business_id')
            .on('journal.doc_type', '=', 'device'),
        )
        .select([
          'journal.seq',
          'journal.doc_type',
          'journal.doc_id',
          'journal.action',
          'journal.user_id',
          'users.name as user_name',
          'journal.device_id',
          'devices.name as device_name',
          'subject.name as subject_user',
          'subject_device.name as subject_device',
          'subject_device.id as subject_device_id',
          'journal.created_at',
          'journal.detail',
        ])
        .where('journal.business_id', '=', contextOf(request).business.id);
      if (q.user_id) query = query.where('journal.user_id', '=', q.user_id);
      if (q.device_id) query = query.where('journal.device_id', '=', q.device_id);
      if (q.action) query = query.where('journal.action', '=', q.action);
      if (q.from) query = query.where('journal.created_at', '>=', new Date(q.from).toISOString());
      if (q.to) query = query.where('journal.created_at', '<', new Date(q.to).toISOString());
      // newest first by when the entry was made (an entry synced here late sits at its time), seq
      // breaking ties; served by the index (business_id, created_at, seq), migration 0043
      if (q.before_time && q.before_seq) {
        // as read from the entry (not re-written): the pair is compared with the stored text
        const time = q.before_time;
        const seq = q.before_seq;
        // a row value, which both databases read as a range of the index
        query = query.where((eb) =>
          eb(eb.refTuple('journal.created_at', 'journal.seq'), '<', eb.tuple(time, seq)),
        );
      }
      const rows = await query
        .orderBy('journal.created_at', 'desc')
        .orderBy('journal.seq', 'desc')
        .limit(q.limit)
        .execute();
      return rows.map(({ subject_user, subject_device, subject_device_id, ...r }) => ({
        ...r,
        seq: Number(r.seq),
        user_name: r.user_name ?? null,
        device_name: r.device_name || null,
        subject_name: subject_user ?? (subject_device_id ? subject_device || subject_device_id : null),
        detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
      }));
    },
  });
}
