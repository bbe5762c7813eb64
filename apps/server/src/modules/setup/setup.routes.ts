import { sessionDataSchema, setupBodySchema, setupStatusSchema } from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { DEVICE_TOKEN_HEADER, setSessionCookie } from '../../http/access.js';
import { AppError } from '../../lib/errors.js';
import { errorResponses } from '../../http/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { openSession } from '../auth/auth.service.js';
import { countBusinesses } from '../business/business.repository.js';
import { addStarterProviders, createBusiness } from './setup.service.js';
import { authRateLimit } from '../auth/rate-limit.js';

export function setupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/setup', {
    config: { access: { kind: 'public' } },
    schema: {
      tags: ['setup'],
      summary: 'Whether this server still needs its first business',
      response: { 200: setupStatusSchema },
    },
    handler: async () => ({
      setup_required: deps.config.mode === 'local' && (await countBusinesses(deps.db.kysely)) === 0,
      mode: deps.config.mode,
    }),
  });

  r.post('/api/setup', {
    config: { access: { kind: 'public' }, rateLimit: authRateLimit },
    schema: {
      tags: ['setup'],
      summary: 'Create the business and its admin (local mode, first run only); signs the admin in',
      body: setupBodySchema,
      response: { 201: sessionDataSchema, ...errorResponses(403, 409, 422, 429) },
    },
    handler: async (request, reply) => {
      if (deps.config.mode === 'hosted') {
        throw new AppError('forbidden', 'On a hosted server, businesses are created with the CLI');
      }
      // Refused before the password is hashed (argon2 costs 19 MiB and a CPU's while); the
      // transaction checks again (createBusiness `onlyIfNone`), for two setups at once.
      if ((await countBusinesses(deps.db.kysely)) > 0) {
        throw new AppError('already_set_up', 'This server is already set up');
      }
      const passwordHash = await hashPassword(request.body.password);
      const at = deps.clock.now().toISOString();
      const signedIn = await deps.db.kysely.transaction().execute(async (trx) => {
        const created = await createBusiness(trx, request.body, passwordHash, at, request.deviceId, true);
        await addStarterProviders(trx, created, request.deviceId, at);
        return openSession(deps, trx, created.admin, created.business, request.deviceId, request.ip);
      });
      setSessionCookie(reply, deps.config, signedIn.token, signedIn.expires);
      // the shop PC that set up: its device token, as a sign-in gives it (else it can never be
      // approved for staff: a token is issued only while the device has none)
      if (signedIn.deviceToken) reply.header(DEVICE_TOKEN_HEADER, signedIn.deviceToken);
      return reply.status(201).send(signedIn.data);
    },
  });
}
