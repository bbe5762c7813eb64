import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const duration = (fallbackHours: number) =>
  z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(fallbackHours);

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** One trusted proxy: an address, an address/prefix (CIDR), or loopback/linklocal/uniquelocal. */
function isProxyEntry(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [addr = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(addr);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset = trust no proxy (request.ip is the peer, X-Forwarded-* are ignored);
 * a hop count (1 = the one proxy in front); or a comma list of addresses/CIDRs.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] => {
    if (/^[0-9]+$/.test(v)) {
      const hops = Number(v);
      if (hops >= 1 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'a hop count must be 1 to 10' });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((x) => x.trim())
      .filter((x) => x !== '');
    const bad = entries.filter((x) => !isProxyEntry(x));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count or a comma list of addresses or CIDRs${bad.length ? ` (bad: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** One host name as a browser sends it in Host, without scheme or port: `pos.example.com`. */
const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*)(\.[a-z0-9_]([a-z0-9_-]*))*$/;

/**
 * ALLOWED_HOSTS: a comma list of host names the local server also answers to, besides its own
 * (IP addresses, localhost, a PC's name, names ending in .local, .lan, .home.arpa or .internal).
 */
const allowedHostsSchema = z
  .string()
  .trim()
  .transform((v, ctx): string[] => {
    const names = v
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .filter((x) => x !== '');
    const bad = names.filter((x) => !HOST_NAME.test(x));
    if (bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `a comma list of host names, without scheme or port (bad: ${bad.join(', ')})`,
      });
      return z.NEVER;
    }
    return names;
  });

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_IDLE_HOURS: duration(12),
  SESSION_MAX_HOURS: duration(24 * 7),
  BACKUP_DIR: z.string().min(1).optional(),
  TRUST_PROXY: trustProxySchema.optional(),
  ALLOWED_HOSTS: allowedHostsSchema.optional(),
  /**
   * FULL (the default): a commit reaches the disk before the sale is acknowledged, so it survives
   * a power cut. NORMAL is kept only so `npm run bench` can measure what FULL costs.
   */
  SQLITE_SYNCHRONOUS: z.enum(['FULL', 'NORMAL']).default('FULL'),
  /**
   * on (the default): a hosted server keeps each session's read while it hears of every change
   * to it from PostgreSQL (db/pg-kept.ts); off: it reads it at every request.
   */
  PG_KEPT_READS: z.enum(['on', 'off']).default('on'),
  /** The most PostgreSQL connections one process's pool opens (docs/scale.md sizes it). */
  PG_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(10),
  MAX_IMAGE_STORAGE_MB: z.coerce.number().int().min(1).max(1_000_000).default(200),
  KEY_ENCRYPTION_KEY: z
    .string()
    .transform((v, ctx) => {
      const key = parseKey(v.trim());
      if (!key)
        ctx.addIssue({
          code: 'custom',
          message: 'must be 32 bytes in base64 (openssl rand -base64 32) or 64 hex digits',
        });
      return key ?? Buffer.alloc(0);
    })
    .optional(),
});

/** 32 bytes from 64 hex digits or from base64 (standard or URL-safe); null when it is neither. */
function parseKey(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : null;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  publicUrl: string | undefined;
  secureCookies: boolean;
  sessionIdleMs: number;
  sessionMaxMs: number;
  mode: 'local' | 'hosted';
  /** Where the local server keeps its rotating backups (a second disk or a USB drive, ideally). */
  backupDir: string;
  /** Which proxies' X-Forwarded-For/-Proto/-Host to believe: none, the n nearest hops, or these addresses. */
  trustProxy: false | number | string[];
  /**
   * ALLOWED_HOSTS: more host names a local server answers to (http/host-guard.ts), lower case;
   * besides IP addresses, localhost, a PC's name, local network names and PUBLIC_URL's host.
   */
  allowedHosts: string[];
  /** The most bytes of uploaded images one business may keep (MAX_IMAGE_STORAGE_MB × 1,000,000). */
  maxImageStorageBytes: number;
  /**
   * KEY_ENCRYPTION_KEY: seals the printing private keys at rest (AES-256-GCM). Required on a
   * hosted server; optional on a local one (unset there, keys stay plain PEM as before).
   */
  keyEncryptionKey: Buffer | undefined;
  /** SQLite's `synchronous` (SQLITE_SYNCHRONOUS): FULL unless measuring. */
  sqliteSynchronous: 'FULL' | 'NORMAL';
  /** PG_KEPT_READS: a hosted server keeps its session reads between the changes it hears of. */
  pgKeptReads: boolean;
  /** PG_POOL_MAX: the most connections this process's PostgreSQL pool opens. */
  pgPoolMax: number;
}

export class ConfigError extends Error {}

/** Variables whose value never goes into a message. */
const SECRETS = new Set(['KEY_ENCRYPTION_KEY']);

/** Reads and validates the configuration; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) =>
        `  ${i.path.join('.')}=${SECRETS.has(String(i.path[0])) ? '(not shown)' : JSON.stringify(clean[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_URL && !e.KEY_ENCRYPTION_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  KEY_ENCRYPTION_KEY is required on a hosted server (DATABASE_URL is set): ' +
        'it encrypts the printing keys in the database. Make one with `openssl rand -base64 32` and keep it ' +
        'safe: without it the stored printing keys cannot be used.',
    );
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    sessionIdleMs: e.SESSION_IDLE_HOURS * 3600_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3600_000,
    mode: e.DATABASE_URL ? 'hosted' : 'local',
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    trustProxy: e.TRUST_PROXY ?? false,
    allowedHosts: e.ALLOWED_HOSTS ?? [],
    maxImageStorageBytes: e.MAX_IMAGE_STORAGE_MB * 1_000_000,
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY,
    sqliteSynchronous: e.SQLITE_SYNCHRONOUS,
    pgKeptReads: e.PG_KEPT_READS === 'on',
    pgPoolMax: e.PG_POOL_MAX,
  };
}
