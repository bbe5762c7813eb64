// Types of chaos-proxy.mjs (plain ESM, so node runs it as it is, also as a CLI).
export type ChaosMode = 'pass' | 'delay' | 'drop' | 'cutAfterRequest' | 'cutMidResponse' | 'duplicate';
export declare const MODES: readonly ChaosMode[];
export type ChaosWeights = Partial<Record<ChaosMode, number>>;

export interface Draw {
  mode: ChaosMode;
  delayMs: number;
  frac: number;
}

export declare function prng(seed: number): () => number;
export declare function resolveSeed(seed?: number | string | null): number;
export declare function checkWeights(weights: ChaosWeights): ChaosWeights;
export declare function createChooser(
  seed: number,
  weights: ChaosWeights,
  delayMs?: [number, number],
): { readonly weights: ChaosWeights; setWeights(w: ChaosWeights): void; draw(): Draw };

/** What every event carries; request events carry the request's place and mode. */
export interface ChaosEvent {
  at: number;
  conn: number;
  index?: number;
  method?: string;
  path?: string;
  mode?: ChaosMode;
  /** Bytes of the request (head and body). */
  bytes?: number;
  /** 'drop': 'accept' | 'request'; 'cut': 'after-request' | 'mid-response'. */
  when?: string;
  status?: number | null;
  /** 'cut' mid-response: bytes of the answer the client got. */
  sent?: number;
  delayMs?: number;
  error?: string;
}

export type ChaosEventName =
  | 'connection'
  | 'request'
  | 'forwarded'
  | 'response'
  | 'drop'
  | 'cut'
  | 'duplicate-answer'
  | 'duplicate-error'
  | 'upstream-error'
  | 'opaque'
  | 'weights';

export type ChaosStats = Record<ChaosMode, number> & {
  connections: number;
  requests: number;
  forwarded: number;
  responses: number;
  duplicateAnswers: number;
  upstreamErrors: number;
};

export interface ChaosProxy {
  port: number;
  url: string;
  seed: number;
  /** Live counters. */
  stats: ChaosStats;
  readonly weights: ChaosWeights;
  setWeights(w: ChaosWeights): void;
  setMode(mode: ChaosMode): void;
  heal(): void;
  on(name: ChaosEventName, fn: (e: ChaosEvent) => void): () => void;
  waitFor(
    name: ChaosEventName,
    predicate?: (e: ChaosEvent) => boolean,
    timeoutMs?: number,
  ): Promise<ChaosEvent>;
  close(): Promise<void>;
}

export declare function startChaosProxy(options: {
  listenPort?: number;
  host?: string;
  upstream: string | { host?: string; port: number };
  seed?: number | string;
  weights?: ChaosWeights;
  delayMs?: [number, number];
  log?: (line: string) => void;
}): Promise<ChaosProxy>;
