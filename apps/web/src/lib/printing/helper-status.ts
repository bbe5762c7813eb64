import { HELPER_PROBE_MS } from './print-receipt';
import { HelperUnreachableError, connectHelper, withTimeout } from './qz';

/** What the till's printer helper says, for the settings panel. */
export type HelperStatus =
  | { state: 'absent' }
  /** It answers but refuses this business's signed calls (not paired, or paired with another). */
  | { state: 'refused'; version: string; reason: string }
  | { state: 'ready'; version: string; printers: string[]; defaultPrinter: string | null };

const CALL_TIMEOUT_MS = 5000;

/** Connects with the business certificate and lists the printers (a signed call). */
export async function checkHelper(businessId: string): Promise<HelperStatus> {
  let qz;
  try {
    qz = await connectHelper(businessId, HELPER_PROBE_MS);
  } catch (err) {
    if (err instanceof HelperUnreachableError) return { state: 'absent' };
    throw err;
  }
  const version = await withTimeout(qz.api.getVersion(), CALL_TIMEOUT_MS).catch(() => '');
  try {
    const found = await withTimeout(qz.printers.find(), CALL_TIMEOUT_MS);
    const printers = Array.isArray(found) ? found : [found];
    const defaultPrinter = await withTimeout(qz.printers.getDefault(), CALL_TIMEOUT_MS);
    return { state: 'ready', version, printers, defaultPrinter };
  } catch (err) {
    return { state: 'refused', version, reason: err instanceof Error ? err.message : String(err) };
  }
}
