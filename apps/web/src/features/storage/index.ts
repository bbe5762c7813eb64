// The storage feature's public face: the disk's state for the notifications panel and the profile.
export { DiskFullEntry } from './disk-full-notice';
export { StorageCard } from './storage-card';
export { useDiskFullSince } from './use-storage-status';
