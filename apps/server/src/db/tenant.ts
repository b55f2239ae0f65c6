import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * Runs fn in one transaction as the non-owner role dzy_app with app.org_id set for this transaction only
 * (set_config(..., true)), so row-level security filters every statement and a pooled connection never
 * carries one tenant's context into another request.
 */
export function withTenant<T>(db: Db, orgId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isInteger(orgId) || orgId <= 0) throw new Error('withTenant: invalid orgId');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.org_id', ${String(orgId)}, true), set_config('role', 'dzy_app', true)`);
    return fn(tx);
  });
}

/**
 * System work that crosses tenants by design (login lookup, session check, platform org management,
 * seeding). Runs as the connection's owner role, which RLS does not restrict. Keep its uses few and named.
 */
export function withSystem<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => fn(tx));
}
