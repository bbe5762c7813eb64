declare module 'qz-tray' {
  type Resolver<T> = (resolve: (value: T) => void, reject: (reason?: unknown) => void) => void;
  export const websocket: {
    connect(options?: {
      host?: string | string[];
      retries?: number;
      delay?: number;
      usingSecure?: boolean;
    }): Promise<void>;
    disconnect(): Promise<void>;
    isActive(): boolean;
  };
  export const security: {
    setCertificatePromise(handler: Resolver<string | null>): void;
    setSignaturePromise(factory: (toSign: string) => Resolver<string | null>): void;
  };
  export const networking: {
    device(hostname?: string, port?: number): Promise<{ mac?: string; ip?: string }>;
  };
  export const api: { getVersion(): Promise<string> };
}
