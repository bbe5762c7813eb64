// The sync feature's public face: other features import these from '../sync', nothing deeper.
export {
  NotOnHostedCopy,
  ReadOnlyNoticeProvider,
  SyncedFromShopNotice,
  useSyncedFromShop,
} from './read-only';
export { SyncIndicator } from './sync-indicator';
export { SyncSection } from './sync-section';
export type { SyncNotice } from './sync-words';
export { useSyncNotices } from './use-sync-notices';
