import { describe, expect, it, vi } from 'vitest';
import { HelperUnreachableError } from '../../lib/printer';
import { type DeviceDeps, DeviceFlowError, resolveLoginDevice, skipsDeviceStep } from './device-flow';

function deps(over: Partial<DeviceDeps> = {}): DeviceDeps {
  return {
    readStored: vi.fn(() => Promise.resolve(null)),
    helperChosen: () => true,
    readHelper: vi.fn(() => Promise.resolve('AABBCCDDEEFF')),
    save: vi.fn((id: string) => Promise.resolve(id)),
    randomId: vi.fn(() => 'R0123456789ABCDEF'),
    hostname: () => 'shop-pc',
    ...over,
  };
}

describe('resolveLoginDevice (seed spec §4)', () => {
  it('reuses the saved device without asking the helper', async () => {
    const d = deps({ readStored: vi.fn(() => Promise.resolve('SAVED1')) });
    await expect(resolveLoginDevice('wanjiku', d)).resolves.toEqual({
      deviceId: 'SAVED1',
      helperMissing: false,
    });
    expect(d.readHelper).not.toHaveBeenCalled();
    expect(d.save).not.toHaveBeenCalled();
  });

  it('asks the helper once and saves its address', async () => {
    const d = deps();
    await expect(resolveLoginDevice('wanjiku', d)).resolves.toEqual({
      deviceId: 'AABBCCDDEEFF',
      helperMissing: false,
    });
    expect(d.save).toHaveBeenCalledWith('AABBCCDDEEFF');
  });

  it('without a helper makes a random id, saves it and says so', async () => {
    const d = deps({ readHelper: vi.fn(async () => Promise.reject(new HelperUnreachableError())) });
    await expect(resolveLoginDevice('wanjiku', d)).resolves.toEqual({
      deviceId: 'R0123456789ABCDEF',
      helperMissing: true,
    });
    expect(d.save).toHaveBeenCalledWith('R0123456789ABCDEF');
  });

  it('on a till that did not choose the helper: never asks it, makes a random id, no warning', async () => {
    const d = deps({ helperChosen: () => false });
    await expect(resolveLoginDevice('wanjiku', d)).resolves.toEqual({
      deviceId: 'R0123456789ABCDEF',
      helperMissing: false,
    });
    expect(d.readHelper).not.toHaveBeenCalled();
    expect(d.save).toHaveBeenCalledWith('R0123456789ABCDEF');
  });

  it('the literal username admin skips the device step and sends the host name', async () => {
    const d = deps();
    await expect(resolveLoginDevice('admin', d)).resolves.toEqual({
      deviceId: 'shop-pc',
      helperMissing: false,
    });
    expect(d.readHelper).not.toHaveBeenCalled();
    expect(skipsDeviceStep(' Admin ')).toBe(true);
    expect(skipsDeviceStep('admin2')).toBe(false);
  });

  it('a storage failure is "Could not save device!"', async () => {
    const d = deps({ save: vi.fn(async () => Promise.reject(new Error('quota'))) });
    await expect(resolveLoginDevice('wanjiku', d)).rejects.toMatchObject({ failure: 'save_failed' });
  });

  it('any other helper failure is "Could not get device!"', async () => {
    const d = deps({ readHelper: vi.fn(async () => Promise.reject(new Error('no mac'))) });
    const err = await resolveLoginDevice('wanjiku', d).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceFlowError);
    expect((err as DeviceFlowError).failure).toBe('read_failed');
  });
});
