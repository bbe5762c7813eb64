import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this ETag (weakly compared, or `*`). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * A read the web app asks for again and again while a screen is open (an open stock count every
 * 20 s): its answer carries a weak ETag made from its JSON and `Cache-Control: private, no-cache`,
 * so the browser keeps it and asks each time with `If-None-Match`; while nothing changed the
 * answer is a 304 without a body (an open count of 5,000 products is about half a megabyte of
 * JSON). Call it after every access check: the 304 is only given to someone who could read the
 * answer, and the browser's copy is used only after the server said it is still the same.
 */
export function revalidated<T>(request: FastifyRequest, reply: FastifyReply, answer: T): T | FastifyReply {
  const etag = `W/"${createHash('sha1').update(JSON.stringify(answer)).digest('base64url')}"`;
  void reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return answer;
}
