import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const duration = (fallbackHours: number) =>
  z.coerce
    .number()
    .positive()
    .max(24 * 366)
    .default(fallbackHours);

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
  /**
   * KEY_ENCRYPTION_KEY: seals the printing private keys at rest (AES-256-GCM). Required on a
   * hosted server; optional on a local one (unset there, keys stay plain PEM as before).
   */
  keyEncryptionKey: Buffer | undefined;
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
    keyEncryptionKey: e.KEY_ENCRYPTION_KEY,
  };
}
