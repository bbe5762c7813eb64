import { z } from 'zod';
import { lazySchema } from '../lazy-schema.js';
import { backupFailureSchema } from './backups.js';

/**
 * What needs the owner's attention, for the notification sidebar (seed spec §2): each figure
 * opens the screen where it is dealt with. Sync problems come from the sync status.
 */
export const notificationsSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    /** Active products at or below their reorder level (domain isLowStock), all locations. */
    low_stock: z.number().int(),
    /** Products with a stock level below zero at some location. */
    negative_stock: z.number().int(),
    /**
     * Debtors owing more than their (non-zero) credit limit: after a sync merge two branches may
     * both have sold on credit up to the limit (ADR 11 §11.5); flagged, never undone.
     */
    debtors_over_limit: z.number().int(),
    /**
     * Transfer references received more than once for a provider: two branches shown the same
     * M-Pesa message while apart both recorded it (ADR 11 §11.5); flagged for the owner to sort out.
     */
    duplicate_references: z.number().int(),
    /** Transfers received more than a day ago that nobody confirmed against the statement. */
    unconfirmed_transfers: z.number().int(),
    /** Past business days (the last week) with sales at a location and no day close there. */
    days_not_closed: z.array(
      z.object({ day: z.string(), location_id: z.string(), location_name: z.string() }),
    ),
    /**
     * Closed days (the last week and today) whose drawer should now hold other cash than at the
     * close: records added for the day afterwards (a till's sales synced late, a sale after an
     * early close).
     */
    days_changed_after_close: z.array(
      z.object({ day: z.string(), location_id: z.string(), location_name: z.string() }),
    ),
    /** The local server's last backup failed (and none succeeded since). */
    backup_failing: backupFailureSchema.nullable(),
    /** Tills waiting for the admin's approval, when the business requires it. */
    devices_waiting: z.number().int(),
    /**
     * Values taken on two servers apart (a product code or barcode, a user name or mobile) that a
     * sync merge replaced in the last week (ADR 11 §11.1): the record's replaced values say which.
     */
    replaced_values: z.number().int(),
  }),
);
export type Notifications = z.infer<typeof notificationsSchema>;
