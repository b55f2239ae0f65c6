import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column as "table"."column". Drizzle leaves columns unqualified in single-table selects, so a correlated
 * subquery naming the outer table's column would silently bind to the inner table instead.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
