import os from 'node:os';

/** One network interface as QZ Tray's `networking.device(s)` describes it. */
export interface NetworkDevice {
  name: string;
  /** Uppercase hex without separators, as QZ Tray reports it (and Duka stores device ids). */
  mac: string;
  ip: string | null;
  ip4: string[];
  ip6: string[];
  primary: boolean;
  up: boolean;
  hostname: string;
}

export type Interfaces = NodeJS.Dict<os.NetworkInterfaceInfo[]>;

export function normaliseMac(mac: string): string {
  return mac.replace(/[^0-9a-fA-F]/g, '').toUpperCase();
}

const isZeroMac = (mac: string): boolean => /^0*$/.test(normaliseMac(mac));

export class DeviceError extends Error {
  override name = 'DeviceError';
}

/** Every non-internal interface with a real (non-zero) MAC, in the order the OS lists them. */
export function listDevices(
  interfaces: Interfaces = os.networkInterfaces(),
  hostname: string = os.hostname(),
): NetworkDevice[] {
  const devices: NetworkDevice[] = [];
  for (const [name, addresses] of Object.entries(interfaces)) {
    const external = (addresses ?? []).filter((a) => !a.internal && !isZeroMac(a.mac));
    const first = external[0];
    if (!first) continue;
    const ip4 = external.filter((a) => a.family === 'IPv4').map((a) => a.address);
    const ip6 = external.filter((a) => a.family === 'IPv6').map((a) => a.address);
    devices.push({
      name,
      mac: normaliseMac(first.mac),
      ip: ip4[0] ?? ip6[0] ?? null,
      ip4,
      ip6,
      primary: devices.length === 0,
      up: true,
      hostname,
    });
  }
  return devices;
}

/**
 * The till's device: the configured MAC when set (machines without a usable interface, or to
 * keep a till's id across a network card change), else the first real interface.
 */
export function primaryDevice(
  macOverride: string | null,
  interfaces: Interfaces = os.networkInterfaces(),
  hostname: string = os.hostname(),
): NetworkDevice {
  const devices = listDevices(interfaces, hostname);
  if (macOverride !== null) {
    const mac = normaliseMac(macOverride);
    if (mac === '' || isZeroMac(mac))
      throw new DeviceError(`The configured mac "${macOverride}" is not an address`);
    const base = devices[0];
    return {
      name: base?.name ?? 'configured',
      mac,
      ip: base?.ip ?? null,
      ip4: base?.ip4 ?? [],
      ip6: base?.ip6 ?? [],
      primary: true,
      up: true,
      hostname,
    };
  }
  const first = devices[0];
  if (!first) {
    throw new DeviceError(
      'This computer has no network interface with a hardware address; set "mac" in the helper config',
    );
  }
  return first;
}
