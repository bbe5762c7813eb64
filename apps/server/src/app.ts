import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Access } from '@duka/domain';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import { accessPlugin } from './http/access.js';
import { addressForLimits } from './lib/address-for-limits.js';
import { DiskHealth } from './lib/disk-health.js';
import { installErrorHandler } from './http/errors.js';
import { installHostGuard } from './http/host-guard.js';
import { installRequestGuard } from './http/request-guard.js';
import { installStrictJson } from './http/json-body.js';
import { installRequestLog } from './http/request-log.js';
import { serializerCompiler } from './http/response-serializers.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerCompression, serveWebApp } from './http/web-app.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { businessRoutes } from './modules/business/business.routes.js';
import { devicesRoutes } from './modules/devices/devices.routes.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { journalRoutes } from './modules/journal/journal.routes.js';
import { locationsRoutes } from './modules/locations/locations.routes.js';
import { setupRoutes } from './modules/setup/setup.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { inventoryRoutes } from './modules/inventory/inventory.routes.js';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.js';
import { stockCountsRoutes } from './modules/stock-counts/stock-counts.routes.js';
import { salesRoutes } from './modules/sales/sales.routes.js';
import { debtorsRoutes } from './modules/debtors/debtors.routes.js';
import { transfersRoutes } from './modules/transfers/transfers.routes.js';
import { expensesRoutes } from './modules/expenses/expenses.routes.js';
import { dailyRoutes } from './modules/daily/daily.routes.js';
import { receiptsRoutes } from './modules/receipts/receipts.routes.js';
import { backupsRoutes } from './modules/backups/backups.routes.js';
import { printingRoutes } from './modules/printing/printing.routes.js';
import { reportsRoutes } from './modules/reports/reports.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { gettingStartedRoutes } from './modules/getting-started/getting-started.routes.js';
import { syncRoutes } from './modules/sync/sync.routes.js';
import { syncWireRoutes } from './modules/sync/sync-wire.routes.js';
import { workDraftsRoutes } from './modules/work-drafts/work-drafts.routes.js';
import { pgKeptOf } from './db/pg-kept.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app, beside this package: apps/web/dist. */
export const DEFAULT_WEB_ROOT = path.resolve(here, '../../web/dist');

export function readVersion(): string {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve(here, '../package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** The route's body schema, if it takes one (a test holds every one to refusing unknown keys). */
  body: unknown;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access rule (the access test walks them). */
    registeredRoutes: RegisteredRoute[];
    /** Whether this process's writes fail for want of disk space (GET /api/storage/status). */
    diskHealth: DiskHealth;
  }
}

/**
 * Fastify's own hop count trusts nobody (it cannot check the peer), so a hop count is a function:
 * the peer and the n-1 addresses before it are proxies.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

export interface BuildOptions {
  deps: AppDeps;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built web app; absent or missing = API only. */
  webRoot?: string;
}

/** The route modules, in the order they register (the OpenAPI document lists them so). */
const ROUTE_MODULES = [
  healthRoutes,
  setupRoutes,
  authRoutes,
  usersRoutes,
  devicesRoutes,
  businessRoutes,
  locationsRoutes,
  filesRoutes,
  journalRoutes,
  catalogRoutes,
  suppliersRoutes,
  inventoryRoutes,
  stockCountsRoutes,
  salesRoutes,
  debtorsRoutes,
  transfersRoutes,
  expensesRoutes,
  dailyRoutes,
  receiptsRoutes,
  backupsRoutes,
  printingRoutes,
  reportsRoutes,
  notificationsRoutes,
  gettingStartedRoutes,
  syncRoutes,
  syncWireRoutes,
  workDraftsRoutes,
];

/** Keeps every route with its access rule in `app.registeredRoutes`. */
function recordRoutes(app: FastifyInstance): void {
  const registered: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        registered.push({ method, url: route.url, access: route.config?.access, body: route.schema?.body });
    }
  });
}

/** Security headers, cookies, uploads, rate limits, the OpenAPI document and the access rules. */
async function registerPlugins(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await registerSecurityHeaders(app, deps.config.secureCookies);
  await registerCompression(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 1_000_000, files: 1, fields: 10 } });
  // A client as the sign-in limits count it: an IPv6 address as its /64 (the plugin's own default
  // does so too since 11.2; one rule here keeps the two from drifting apart).
  await app.register(rateLimit, { global: false, keyGenerator: (request) => addressForLimits(request.ip) });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Duka API',
        version: deps.version,
        description: 'Point of sale and back office for small shops',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'duka_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(accessPlugin, {
    db: deps.db.kysely,
    dialect: deps.db.dialect,
    clock: deps.clock,
    config: deps.config,
  });
}

export async function buildApp({
  deps,
  logger = false,
  webRoot = DEFAULT_WEB_ROOT,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    forceCloseConnections: 'idle',
    return503OnClosing: true,
    // Two JSON lines per request at info cost a till's sale more CPU than its SQL (issue 21):
    // requests are logged by installRequestLog, at debug, and above it only when slow.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const disk = new DiskHealth();
  app.decorate('diskHealth', disk);
  installErrorHandler(app, disk, () => deps.clock.now());
  installHostGuard(app, deps.config);
  installRequestGuard(app, deps.config);
  installStrictJson(app);
  installRequestLog(app);
  recordRoutes(app);
  await registerPlugins(app, deps);
  for (const routes of ROUTE_MODULES) routes(app, deps);
  await serveWebApp(app, webRoot);
  // A hosted server keeps its session reads while it hears of every change to them (db/pg-kept.ts)
  if (deps.config.pgKeptReads)
    pgKeptOf(deps.db.kysely)?.listen((err) => {
      app.log.warn(
        { err },
        'kept session reads: the listening connection to PostgreSQL was lost; reading every request until it is back',
      );
    });
  app.addHook('onClose', async () => {
    await deps.db.close();
  });
  return app;
}
