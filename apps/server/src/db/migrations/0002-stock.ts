import type { Kysely } from 'kysely';
import type { DialectName } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are written against an untyped schema */
export function stock(dialect: DialectName) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('search_key', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('unit', 'text', (c) => c.notNull().defaultTo('each'))
        .addColumn('price', big, (c) => c.notNull())
        .addColumn('tax_rate', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reorder_level', big, (c) => c.notNull().defaultTo(0))
        .addColumn('avg_cost', big, (c) => c.notNull().defaultTo(0))
        .addColumn('image', 'text')
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .addUniqueConstraint('products_code_unique', ['business_id', 'code'])
        .execute();
      await db.schema
        .createIndex('products_business_name')
        .on('products')
        // Name order with the search text inside: a search walks the index in the order it answers
        // in, matching LIKE on index entries, and stops at the page size (covering; no sort).
        .columns(['business_id', 'name', 'id', 'search_key'])
        .execute();
      await db.schema
        .createIndex('products_business_category')
        .on('products')
        .columns(['business_id', 'category'])
        .execute();

      await db.schema
        .createTable('product_barcodes')
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('barcode', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addPrimaryKeyConstraint('product_barcodes_pk', ['business_id', 'barcode'])
        .execute();
      await db.schema
        .createIndex('product_barcodes_product')
        .on('product_barcodes')
        .column('product_id')
        .execute();

      await db.schema
        .createTable('product_prices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('price', big, (c) => c.notNull())
        .addColumn('tax_rate', 'integer', (c) => c.notNull())
        .addColumn('changed_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('product_prices_product')
        .on('product_prices')
        .columns(['product_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('suppliers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      await db.schema.createIndex('suppliers_business').on('suppliers').column('business_id').execute();

      await db.schema
        .createTable('stock_documents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull().references('businesses.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('to_location_id', 'text', (c) => c.references('locations.id'))
        .addColumn('supplier_id', 'text', (c) => c.references('suppliers.id'))
        .addColumn('invoice_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('invoice_date', 'text')
        .addColumn('reason', 'text')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('total_cost', big, (c) => c.notNull().defaultTo(0))
        .addColumn('request_hash', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stock_documents_business')
        .on('stock_documents')
        .columns(['business_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('stock_documents_supplier')
        .on('stock_documents')
        .column('supplier_id')
        .execute();

      await db.schema
        .createTable('stock_document_lines')
        .addColumn('document_id', 'text', (c) => c.notNull().references('stock_documents.id'))
        .addColumn('line_no', 'integer', (c) => c.notNull())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('unit_cost', big, (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_document_lines_pk', ['document_id', 'line_no'])
        .execute();

      await db.schema
        .createTable('stock_levels')
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_levels_pk', ['product_id', 'location_id'])
        .execute();
      await db.schema
        .createIndex('stock_levels_location')
        .on('stock_levels')
        .columns(['location_id', 'quantity'])
        .execute();

      await db.schema
        .createTable('stock_movements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('business_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull().references('products.id'))
        .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
        .addColumn('quantity', big, (c) => c.notNull())
        .addColumn('unit_cost', big, (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('doc_type', 'text', (c) => c.notNull())
        .addColumn('doc_id', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('user_id', 'text')
        .addColumn('device_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stock_movements_product')
        .on('stock_movements')
        .columns(['product_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('stock_movements_location')
        .on('stock_movements')
        .columns(['location_id', 'created_at'])
        .execute();
      await db.schema.createIndex('stock_movements_doc').on('stock_movements').column('doc_id').execute();
    },
  };
}
