// Types of sync-stack.mjs (plain ESM).
import type { ChaosProxy, ChaosWeights } from './chaos-proxy.mjs';
import type { BusinessDigest, TableDifference } from './sync-digest.mjs';

export { compareDigests, digestArchive } from './sync-digest.mjs';

export declare const SHOP_ADMIN: Login;
export declare const SHOP_NAME: string;
export declare const HOSTED_OWNER: { business: string; username: string; password: string; name: string };
export declare const DEVICE_ID: string;

export interface HostedInfo {
  /** The round-robin address of the hosted processes. */
  url: string;
  /** The chaos proxy in front of it: the address the local server links to. */
  chaosUrl: string;
  chaos: ChaosProxy;
  /** The placeholder's id; after linkLocalToHosted, the shop's. */
  businessId: string;
  /** The hosted database's server_identity id (the origin of its own journal entries). */
  serverId: string;
  dbName: string;
  ports: number[];
  /** Each hosted process's pid (null while it is down). */
  pids: (number | null)[];
  startMs: number;
}
export interface HostedRequest {
  /** Which hosted process (0-based) the round robin passed it to. */
  backend: number;
  method: string;
  path: string;
  at: number;
  /** Settles once its answer has gone back (or the connection closed). */
  ended: Promise<void>;
}
export interface LocalInfo {
  url: string;
  port: number;
  dataDir: string;
  businessId: string;
  pid: number;
  startMs: number | undefined;
}
export interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export declare function startHosted(o?: {
  processes?: number;
  seed?: number | string;
  weights?: ChaosWeights;
  env?: Record<string, string>;
  processEnv?: Record<string, string>[];
}): Promise<HostedInfo>;
export declare function killHostedProcess(i: number, signal?: NodeJS.Signals): Promise<Ended>;
export declare function restartHostedProcess(i: number, o?: { env?: Record<string, string> }): Promise<void>;
export declare function hostedCli(args: string[]): Promise<string>;
export declare function hostedSql(text: string, params?: unknown[]): Promise<any[]>; // eslint-disable-line @typescript-eslint/no-explicit-any
export declare function onHostedRequest(fn: (e: HostedRequest) => void): () => void;
export declare function newPlaceholder(tag: string): Promise<string>;

export interface Login {
  username: string;
  password: string;
  name: string;
}
export type JsonFetch = (
  path: string,
  o?: { method?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
export declare function hostedSession(user?: { username: string; password: string }): Promise<JsonFetch>;

export declare function startLocal(o?: {
  dataDir?: string;
  env?: Record<string, string>;
  admin?: Login;
  shopName?: string;
}): Promise<LocalInfo>;
export declare function killLocal(signal?: NodeJS.Signals): Promise<Ended>;
export declare function restartLocal(): Promise<LocalInfo>;
export declare const localFetch: JsonFetch;

export declare function stack(): {
  hosted: HostedInfo | null;
  local: LocalInfo | null;
  chaos: ChaosProxy | null;
};
export declare function digestBusiness(
  side: 'local' | 'hosted',
  o?: { businessId?: string },
): Promise<BusinessDigest>;
export declare function compareBusinesses(): Promise<TableDifference[]>;

export declare function codeIn(text: string): string;
export declare function waitUntilSynced(o?: { timeoutMs?: number }): Promise<unknown>;
export declare function linkLocalToHosted(o?: {
  wait?: boolean;
  timeoutMs?: number;
}): Promise<{ link: unknown; status: unknown }>;
export declare function stopAll(o?: { keep?: boolean }): Promise<{ stopMs: number }>;
