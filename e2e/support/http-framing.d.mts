// Types of http-framing.mjs (plain ESM, so node runs it as it is).
export declare const MAX_HEAD_BYTES: number;

export interface FramedRequest {
  method: string;
  path: string;
  /** Head and body exactly as received. */
  bytes: Buffer;
}

export declare class RequestFramer {
  push(chunk: Buffer): { requests: FramedRequest[]; opaque: Buffer | null };
}

export type ResponseEvent =
  | { type: 'head'; index: number; status: number; final: boolean; headBytes: number; total: number | null }
  | { type: 'data'; index: number; bytes: Buffer }
  | { type: 'end'; index: number };

export declare class ResponseFramer {
  readonly opaque: boolean;
  push(chunk: Buffer, methodOf?: (index: number) => string): ResponseEvent[];
  end(): ResponseEvent[];
}
