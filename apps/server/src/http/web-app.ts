import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../lib/errors.js';

/** A file the build named by its content (Vite's `[name]-[hash].[ext]` in /assets/): it never changes. */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{7}\.(?:js|css|woff2?|png|jpe?g|svg|webp)$/;
const TRANSLATION = /^\/assets\/i18n\/([a-z]{2})\.json$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Revalidated on every use (the ETag answers 304 when nothing changed). */
const REVALIDATE = 'no-cache';

/**
 * JSON answers of 1 KB or more (and CSV exports) compressed for clients that accept it: brotli at
 * quality 4 (11 costs far more CPU per answer for little), else gzip. Request bodies are never
 * decompressed (no client sends them compressed) and binary downloads (PDF, XLSX) are left as they
 * are. The web app's files are compressed at build time and sent as they are (`preCompressed`).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    customTypes: /^(?:application\/(?:[a-z.+-]+\+)?json|text\/csv)(?:;|$)/,
  });
}

/**
 * The content hash the web build puts in a translation file's URL (`?v=`): the first 12 hex
 * digits of its sha256 (apps/web/vite.config.ts computes the same).
 */
export function translationVersion(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12);
}

/** The hash of each translation file of the built app, by language. */
function translationVersions(webRoot: string): Map<string, string> {
  const versions = new Map<string, string>();
  const dir = path.join(webRoot, 'assets', 'i18n');
  if (!fs.existsSync(dir)) return versions;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    versions.set(file.slice(0, -'.json'.length), translationVersion(fs.readFileSync(path.join(dir, file))));
  }
  return versions;
}

/**
 * Cache-Control of a file of the web app, by the path of the file actually sent (from the web
 * root, with the request's query): content-named files and a translation file asked for by its
 * current hash are kept a year; index.html, the service worker and everything else named the same
 * across builds are revalidated.
 */
export function cacheControlFor(url: string, versions: Map<string, string>): string {
  const [pathname = '', query = ''] = url.split('?');
  if (HASHED_ASSET.test(pathname)) return IMMUTABLE;
  const lang = TRANSLATION.exec(pathname)?.[1];
  if (lang) {
    const version = new URLSearchParams(query).get('v');
    if (version && version === versions.get(lang)) return IMMUTABLE;
  }
  return REVALIDATE;
}

/** The path a file of the web root is asked for by (`/assets/x.js`), whichever encoding was sent. */
function servedPath(webRoot: string, filePath: string): string {
  const relative = path.relative(webRoot, filePath).split(path.sep).join('/');
  return `/${relative.replace(/\.(?:br|gz)$/, '')}`;
}

/**
 * A path that names a file (under /assets/, or a last segment with an extension): one the build
 * does not have is a 404, never the app's index.html — a page, a worker or a cache would otherwise
 * take HTML for a script (a chunk of another build asked for mid-deploy).
 */
const FILE_PATH = /^\/assets(?:\/|$)|\.[A-Za-z0-9]+$/;
export function namesAFile(pathname: string): boolean {
  return FILE_PATH.test(pathname);
}

/**
 * The built web app when `webRoot` holds one; unknown page paths outside /api get its index.html,
 * unknown files a 404.
 */
export async function serveWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasApp = Boolean(webRoot) && fs.existsSync(path.join(webRoot, 'index.html'));
  if (hasApp) {
    const versions = translationVersions(webRoot);
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: true,
      index: false,
      // the .br / .gz written beside each file at build time, by the client's Accept-Encoding
      preCompressed: true,
      cacheControl: false,
      // from the file actually sent (index.html included), never from the URL asked for
      setHeaders: (reply: FastifyReply, filePath: string) => {
        const query = reply.request.url.split('?')[1];
        const url = servedPath(webRoot, filePath) + (query === undefined ? '' : `?${query}`);
        void reply.header('Cache-Control', cacheControlFor(url, versions));
      },
    });
  }
  const sendIndex = (reply: FastifyReply) => reply.type('text/html').sendFile('index.html');

  if (hasApp) {
    // The static plugin answers a folder (`/`) with 403; the app's own router sends `/` to /login.
    app.get('/', { config: { access: { kind: 'public' } }, schema: { hide: true } }, (_request, reply) =>
      sendIndex(reply),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      !hasApp ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      throw new AppError('not_found', `No such endpoint: ${request.method} ${url}`);
    }
    if (namesAFile(url)) {
      void reply.header('Cache-Control', 'no-store');
      throw new AppError('not_found', `No such file: ${url}`);
    }
    // Unknown app paths get the single-page app; its router shows the error page.
    return sendIndex(reply);
  });
}
