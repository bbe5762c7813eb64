import { type SqlBool, sql } from 'kysely';

/**
 * The products that can be low on stock (domain isLowStock): active, not deleted, with a reorder
 * level. Written as migration 0029's index condition, with the same constants (not parameters), so
 * that the index `products_reorder` serves the reads that ask for them: a parameter would keep
 * PostgreSQL's generic plans and SQLite from knowing the condition holds. `table`: the products'
 * name or alias in the query.
 */
export const canRunLow = (table: string) =>
  sql<SqlBool>`${sql.ref(`${table}.reorder_level`)} > 0 and ${sql.ref(`${table}.active`)} = 1 and ${sql.ref(`${table}.deleted_at`)} is null`;
