import { HELPER_TIMEOUT_MS, connectHelper, withTimeout } from './printing/qz';

/**
 * The till's device address from the printer helper (Duka's or an installed QZ Tray), for the
 * sign-in device flow. Printing itself is in ./printing/.
 */
export { HELPER_TIMEOUT_MS, HelperUnreachableError } from './printing/qz';

/** Normalises a MAC to uppercase hex without separators (architecture.md, Printing). */
export function normaliseMac(mac: string): string {
  return mac.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
}

/**
 * Asks the helper for this machine's device address (`networking.device`, its `mac`). Before
 * sign-in the page cannot sign: the connection is made without a certificate and the helper
 * answers this read unsigned (its default `allowUnsigned`); an open signed connection serves too.
 */
export async function readDeviceFromHelper(): Promise<string> {
  const qz = await connectHelper(null);
  const info = await withTimeout(qz.networking.device(), HELPER_TIMEOUT_MS);
  const mac = normaliseMac(String(info?.mac ?? ''));
  if (!mac) throw new Error('The helper gave no device address');
  return mac;
}
