import type { SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';

/**
 * Runs a raw query and returns its rows. Both drivers (node-postgres and PGlite) answer { rows }; drizzle types
 * the generic result as unknown, so the row shape is the caller's promise — cast every non-text column in SQL
 * (::int, ::text) so both drivers hand back the same JavaScript types.
 */
export async function queryRows<T extends Record<string, unknown>>(tx: Tx, query: SQL): Promise<T[]> {
  const res: unknown = await tx.execute(query);
  if (res && typeof res === 'object' && 'rows' in res && Array.isArray(res.rows)) return res.rows as T[];
  throw new Error('queryRows: unexpected driver result');
}
