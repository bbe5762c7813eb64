import {
  IMAGE_MIME_TYPES,
  MAX_IMAGE_BYTES,
  allows,
  imageStorageSchema,
  safeText,
  uploadedFileSchema,
} from '@duka/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../http/access.js';
import { AppError, notFound } from '../../lib/errors.js';
import { errorResponses } from '../../http/errors.js';
import { etagMatches } from '../../http/etag.js';
import type { AppDeps } from '../../app-deps.js';
import { SLIP_ACCESS, findFile, isOnlyExpenseSlip } from './files.repository.js';
import { imageStorage, storeImage } from './files.service.js';

/** Who may see an image attached to an expense: the expenses routes' own rule. */

export function filesRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/files/images', {
    config: { access: { kind: 'signedIn' }, multipart: true },
    schema: {
      tags: ['files'],
      summary: 'Upload an image (multipart, one file in the field `avatar`, at most 1,000,000 bytes)',
      consumes: ['multipart/form-data'],
      response: { 201: uploadedFileSchema, ...errorResponses(400, 401, 409, 413, 415, 422) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart())
        throw new AppError('unsupported_media_type', 'Expected multipart/form-data');
      const part = await malformedAs400(() =>
        request.file({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 0 } }),
      );
      if (!part) throw new AppError('validation_failed', 'Choose an image file', 'avatar');
      if (part.fieldname !== 'avatar')
        throw new AppError('validation_failed', 'The file field must be named avatar', 'avatar');
      const data = await malformedAs400(() => part.toBuffer());
      const stored = await storeImage(deps.db, contextOf(request), data, deps.config.maxImageStorageBytes);
      return reply.status(201).send(stored);
    },
  });

  r.get('/api/files/usage', {
    config: { access: { kind: 'admin' } },
    schema: {
      tags: ['files'],
      summary: 'The bytes of images the business keeps, and the most it may keep',
      response: { 200: imageStorageSchema, ...errorResponses(401, 403) },
    },
    handler: (request) =>
      imageStorage(deps.db.kysely, contextOf(request).business.id, deps.config.maxImageStorageBytes),
  });

  r.get('/api/files/:name', {
    config: { access: { kind: 'signedIn' } },
    schema: {
      tags: ['files'],
      summary: 'An uploaded image of the signed-in business',
      params: z.object({ name: safeText().max(100) }),
      produces: IMAGE_MIME_TYPES,
      response: {
        200: z.unknown().describe('The image bytes'),
        304: z
          .unknown()
          .describe('Not modified: the copy the browser revalidated (If-None-Match) is current'),
        ...errorResponses(401, 404),
      },
    },
    handler: async (request, reply) => {
      const auth = contextOf(request);
      const file = await findFile(deps.db.kysely, auth.business.id, request.params.name);
      if (!file) throw notFound('Image');
      // A slip photo follows the expenses' rights: to anyone else it does not exist (unless it is
      // also a photo, a picture or the logo, which everyone sees).
      if (
        !allows({ role: auth.user.role, roles: auth.roles }, SLIP_ACCESS) &&
        (await isOnlyExpenseSlip(deps.db.kysely, auth.business.id, request.params.name))
      )
        throw notFound('Image');
      // Only an image's type is ever sent, and nothing in it may run: a row written some other way
      // (an archive's import took its type as written) was served as text/html on this origin.
      const image = (IMAGE_MIME_TYPES as readonly string[]).includes(file.mime);
      // Revalidated on every use (a 304 while it is the same image): kept for a year, a slip
      // opened in its own tab was shown from the browser's cache after sign-out, to the next
      // person at a shared PC.
      const etag = `"${file.sha256}"`;
      void reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply
        .type(image ? file.mime : 'application/octet-stream')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Content-Disposition', image ? 'inline' : 'attachment')
        .send(Buffer.from(file.data));
    },
  });
}

/**
 * The multipart parser (busboy) fails with a bare Error, without a code, on a body it cannot
 * read: no boundary in the content type, no closing boundary, a broken part header. That is the
 * client's fault (400), not the server's; the plugin's own errors (size, count) keep their codes.
 */
async function malformedAs400<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof Error && !('code' in err) && !('statusCode' in err)) {
      throw new AppError('bad_request', `The multipart body cannot be read: ${err.message}`);
    }
    throw err;
  }
}
