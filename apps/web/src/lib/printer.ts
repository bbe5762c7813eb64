import type * as QzTray from 'qz-tray';

/**
 * The printer helper (Duka's or an installed QZ Tray) over the qz-tray websocket client.
 * Loaded on demand so the sign-in page stays small.
 */
export class HelperUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('Printer helper unreachable');
    this.cause = cause;
  }
}

export const HELPER_TIMEOUT_MS = 4000;

type Qz = typeof QzTray;

let qzPromise: Promise<Qz> | null = null;
async function loadQz(): Promise<Qz> {
  qzPromise ??= import('qz-tray').then((m) => ('default' in m ? m.default : m));
  return qzPromise;
}

async function connect(qz: Qz): Promise<void> {
  if (qz.websocket.isActive()) return;
  // Signing and the business certificate come with printing; reading the device needs neither.
  qz.security.setCertificatePromise((resolve) => resolve(null));
  qz.security.setSignaturePromise(() => (resolve) => resolve(null));
  await qz.websocket.connect({ retries: 0, delay: 0 });
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** Normalises a MAC to uppercase hex without separators (architecture.md, Printing). */
export function normaliseMac(mac: string): string {
  return mac.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
}

/** Asks the helper for this machine's device address (`networking.device`, its `mac`). */
export async function readDeviceFromHelper(): Promise<string> {
  let qz: Qz;
  try {
    qz = await loadQz();
    await withTimeout(connect(qz), HELPER_TIMEOUT_MS);
  } catch (err) {
    throw new HelperUnreachableError(err);
  }
  const info = await withTimeout(qz.networking.device(), HELPER_TIMEOUT_MS);
  const mac = normaliseMac(String(info?.mac ?? ''));
  if (!mac) throw new Error('The helper gave no device address');
  return mac;
}
