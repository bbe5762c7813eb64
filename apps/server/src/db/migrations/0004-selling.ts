import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
export function selling(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('businesses')
        .addColumn('max_discount_bp', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('businesses')
        .addColumn('default_credit_limit', big, (c) => c.notNull().defaultTo(0))
        .execute();

      // One gap-free series of receipt numbers per business and server (series '' until sync
      // gives each server a code): sales, reversals, debtor payments and day closes share it.
      await db.schema
        .createTable('receipt_counters')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('series', 'text', (c) => c.notNull())
        .addColumn('last_no', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('receipt_counters_pk', ['business_id', 'series'])
        .execute();

      await db.schema
        .createTable('payment_providers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payment_providers_business')
        .on('payment_providers')
        .column('business_id')
        .execute();

      await db.schema
        .createTable('debtors')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('search_key', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('id_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('credit_limit', big, (c) => c.notNull().defaultTo(0))
        .addColumn('balance', big, (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_activity_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema
        .createIndex('debtors_business_name')
        .on('debtors')
        .columns(['business_id', 'name'])
        .execute();

      await db.schema
        .createTable('sales')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('business_day', 'text', (c) => c.notNull())
        .addColumn('gross', big, (c) => c.notNull())
        .addColumn('discount', big, (c) => c.notNull())
        .addColumn('total', big, (c) => c.notNull())
        .addColumn('tax', big, (c) => c.notNull())
        .addColumn('cost', big, (c) => c.notNull())
        .addColumn('tendered', big)
        .addColumn('change', big)
        .addColumn('debtor_id', 'text', (c) => c.references('debtors.id'))
        .addColumn('debtor_balance_after', big)
        .addColumn('provider_id', 'text', (c) => c.references('payment_providers.id'))
        .addColumn('reference', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('sales_receipt_unique', ['business_id', 'receipt_no'])
        .execute();
      await db.schema
        .createIndex('sales_day')
        .on('sales')
        .columns(['business_id', 'business_day', 'location_id'])
        .execute();
      await db.schema.createIndex('sales_debtor').on('sales').column('debtor_id').execute();

      await db.schema
        .createTable('sale_lines')
        .addColumn('sale_id', 'text', (c) => c.notNull().references('sales.id'))
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('unit', 'text', (c) => c.notNull())
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('unit_price', big, (c) => c.notNull())
        .addColumn('tax_rate', 'integer', (c) => c.notNull())
        .addColumn('gross', big, (c) => c.notNull())
        .addColumn('discount', big, (c) => c.notNull())
        .addColumn('sale_discount', big, (c) => c.notNull())
        .addColumn('net', big, (c) => c.notNull())
        .addColumn('tax', big, (c) => c.notNull())
        .addColumn('unit_cost', big, (c) => c.notNull())
        .addColumn('cost', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('sale_lines_pk', ['sale_id', 'line_no'])
        .execute();

      await db.schema
        .createTable('sale_reversals')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'text', (c) => c.notNull().references('sales.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('total', big, (c) => c.notNull())
        .addColumn('tax', big, (c) => c.notNull())
        .addColumn('cost', big, (c) => c.notNull())
        .addColumn('debtor_id', 'text', (c) => c.references('debtors.id'))
        .addColumn('debtor_balance_after', big)
        .addColumn('provider_id', 'text', (c) => c.references('payment_providers.id'))
        .addColumn('reference', 'text')
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('business_day', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('sale_reversals_receipt_unique', ['business_id', 'receipt_no'])
        .execute();
      await db.schema.createIndex('sale_reversals_sale').on('sale_reversals').column('sale_id').execute();
      await db.schema
        .createIndex('sale_reversals_day')
        .on('sale_reversals')
        .columns(['business_id', 'business_day', 'location_id'])
        .execute();

      await db.schema
        .createTable('sale_reversal_lines')
        .addColumn('reversal_id', 'text', (c) => c.notNull().references('sale_reversals.id'))
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('sale_id', 'text', (c) => c.notNull())
        .addColumn('sale_line_no', 'integer', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('tax', big, (c) => c.notNull())
        .addColumn('cost', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('sale_reversal_lines_pk', ['reversal_id', 'line_no'])
        .execute();
      await db.schema
        .createIndex('sale_reversal_lines_sale')
        .on('sale_reversal_lines')
        .columns(['sale_id', 'sale_line_no'])
        .execute();

      await db.schema
        .createTable('debtor_payments')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('debtor_id', 'text', (c) => c.notNull().references('debtors.id'))
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('provider_id', 'text', (c) => c.references('payment_providers.id'))
        .addColumn('reference', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('balance_after', big, (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('business_day', 'text', (c) => c.notNull())
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('debtor_payments_receipt_unique', ['business_id', 'receipt_no'])
        .execute();
      await db.schema
        .createIndex('debtor_payments_day')
        .on('debtor_payments')
        .columns(['business_id', 'business_day', 'location_id'])
        .execute();

      // The debtors' ledger: append-only; debtors.balance moves with it in the same transaction.
      await db.schema
        .createTable('debtor_entries')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('debtor_id', 'text', (c) => c.notNull().references('debtors.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'text')
        .addColumn('business_day', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('debtor_entries_debtor')
        .on('debtor_entries')
        .columns(['debtor_id', 'created_at'])
        .execute();

      // Money that moved by bank or mobile-money transfer: received (+) or sent back (−).
      await db.schema
        .createTable('transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('source_id', 'text', (c) => c.notNull())
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text', (c) => c.notNull().references('payment_providers.id'))
        .addColumn('reference', 'text', (c) => c.notNull())
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('user_id', 'text')
        .addColumn('business_day', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transfers_business_time')
        .on('transfers')
        .columns(['business_id', 'created_at'])
        .execute();
      // A reference received once per provider: the same M-Pesa code shown twice is refused.
      await db.schema
        .createIndex('transfers_reference_once')
        .on('transfers')
        .columns(['business_id', 'provider_id', 'reference'])
        .unique()
        .where(sql.ref('amount'), '>', 0)
        .execute();

      await db.schema
        .createTable('transfer_confirmations')
        .addColumn('transfer_id', 'text', (c) => c.primaryKey().references('transfers.id'))
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('confirmed_by', 'text')
        .addColumn('confirmed_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('expense_categories')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('expense_categories_business')
        .on('expense_categories')
        .column('business_id')
        .execute();

      await db.schema
        .createTable('expenses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('category_id', 'text', (c) => c.notNull().references('expense_categories.id'))
        .addColumn('amount', big, (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('provider_id', 'text', (c) => c.references('payment_providers.id'))
        .addColumn('reference', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('image', 'text')
        .addColumn('voids_id', 'text', (c) => c.unique().references('expenses.id'))
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('expenses_business_date')
        .on('expenses')
        .columns(['business_id', 'date'])
        .execute();

      await db.schema
        .createTable('day_closes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('receipt_no', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('expected_cash', big, (c) => c.notNull())
        .addColumn('counted_cash', big, (c) => c.notNull())
        .addColumn('difference', big, (c) => c.notNull())
        .addColumn('figures', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('day_closes_once', ['business_id', 'location_id', 'day'])
        .execute();
    },
  };
}
