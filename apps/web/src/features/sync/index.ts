// The sync feature's public face: other features import these from '../sync', nothing deeper.
import { lazy } from 'react';

export {
  NotOnHostedCopy,
  ReadOnlyNoticeProvider,
  SyncedFromShopNotice,
  useSyncedFromShop,
} from './read-only';
export { SyncIndicator } from './sync-indicator';
/**
 * The business page's sync section, its code (the link forms, the servers' table, the quarantine)
 * loaded when the section is first shown: the till and the menu import this file for the header's
 * indicator and the read-only notice, and took the whole section's code with them (issue 21).
 */
export const SyncSection = lazy(() => import('./sync-section').then((m) => ({ default: m.SyncSection })));
export type { SyncNotice } from './sync-words';
export { useSyncNotices } from './use-sync-notices';
