import { readStoredDevice, randomDeviceId, saveDevice } from '../../lib/device-store';
import { HelperUnreachableError, readDeviceFromHelper } from '../../lib/printer';
import { loadTillPrinting } from '../../lib/printing/till-settings';

/** What stopped the device step, named after the seed spec's messages (§8). */
export type DeviceFailure = 'read_failed' | 'save_failed';

export class DeviceFlowError extends Error {
  constructor(
    readonly failure: DeviceFailure,
    cause?: unknown,
  ) {
    super(failure);
    this.cause = cause;
  }
}

export interface DeviceDeps {
  readStored: () => Promise<string | null>;
  /** Whether this till chose the printer helper (printer settings): only then is it asked. */
  helperChosen: () => boolean;
  readHelper: () => Promise<string>;
  save: (id: string) => Promise<string>;
  randomId: () => string;
  hostname: () => string;
}

const defaultDeps: DeviceDeps = {
  readStored: readStoredDevice,
  helperChosen: () => loadTillPrinting().helper,
  readHelper: readDeviceFromHelper,
  save: saveDevice,
  randomId: randomDeviceId,
  hostname: () => window.location.hostname.replace(/[^A-Za-z0-9:._-]/g, '') || 'localhost',
};

export interface DeviceResolution {
  deviceId: string;
  /** The till chose the helper but it could not be reached; a random id was made (toast 'Device not detected!'). */
  helperMissing: boolean;
}

/** The literal username 'admin' skips the device step (seed spec §6). */
export function skipsDeviceStep(login: string): boolean {
  return login.trim().toLowerCase() === 'admin';
}

/**
 * The device address for a sign-in (seed spec §4): saved one first, else the printer helper's
 * (only on a till that chose the helper: others never probe it, so they see no warning and log no
 * error), saved once. Otherwise a random id is made and saved once; whether the business accepts
 * it is the server's answer (spec-decisions.md).
 */
export async function resolveLoginDevice(
  login: string,
  deps: DeviceDeps = defaultDeps,
): Promise<DeviceResolution> {
  let stored: string | null;
  try {
    stored = await deps.readStored();
  } catch (err) {
    if (skipsDeviceStep(login)) return { deviceId: deps.hostname(), helperMissing: false };
    throw new DeviceFlowError('read_failed', err);
  }
  if (stored) return { deviceId: stored, helperMissing: false };
  if (skipsDeviceStep(login)) return { deviceId: deps.hostname(), helperMissing: false };

  let id: string;
  let helperMissing = false;
  try {
    id = deps.helperChosen() ? await deps.readHelper() : deps.randomId();
  } catch (err) {
    if (!(err instanceof HelperUnreachableError)) throw new DeviceFlowError('read_failed', err);
    helperMissing = true;
    id = deps.randomId();
  }
  try {
    return { deviceId: await deps.save(id), helperMissing };
  } catch (err) {
    throw new DeviceFlowError('save_failed', err);
  }
}
