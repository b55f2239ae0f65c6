import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

let template: Uint8Array<ArrayBuffer> | undefined;

/**
 * An in-memory PGlite for one test, started from the run's migrated template (global-setup.ts) so each test file
 * skips initdb and the migrations it would otherwise repeat (3–5 s of CPU each). Callers still run the migrations,
 * which then find nothing to do.
 */
export async function openTestPglite(): Promise<Database> {
  const path = inject('pgliteTemplate');
  if (!path) return openDatabase({});
  template ??= new Uint8Array(readFileSync(path));
  return openDatabase({ loadDataDir: new Blob([template]) });
}
