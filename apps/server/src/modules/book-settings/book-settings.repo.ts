import { and, eq } from 'drizzle-orm';
import {
  SUBJECT_SETTINGS,
  VALUE_SETTINGS,
  missingSettingMessage,
  type SubjectSettingKey,
  type ValueSettingKey,
} from '@dzy/domain/contracts/book-settings.contract';
import type { Tx } from '../../db/client';
import { bookSettings } from '../../db/schema';
import { badRequest } from '../../http/envelope';
import { listSubjects, type SubjectRow } from '../subjects/subjects.repo';

export interface CompanyKey {
  orgId: number;
  companyId: number;
}

export interface SubjectSetting {
  subjectId: number | null;
  fzhsId: number | null;
  /** No saved row: taken from the chart. */
  isDefault: boolean;
}

/** Per-company settings: the subject of every subject setting (null when not set) and the choice values. */
export interface BookSettings {
  subjects: Record<SubjectSettingKey, SubjectSetting>;
  values: Record<ValueSettingKey, string>;
}

export type SavedSettingRow = typeof bookSettings.$inferSelect;

/** The subject at a name path (parents by name), e.g. ['应交税费', '应交增值税', '进项税额']; only live leaves count. */
export function subjectAtPath(chart: readonly SubjectRow[], path: readonly string[]): SubjectRow | undefined {
  let parentId: number | null = null;
  let found: SubjectRow | undefined;
  for (const name of path) {
    found = chart.find((s) => s.name === name && s.parentId === parentId);
    if (!found) return undefined;
    parentId = found.id;
  }
  return found && found.isLeaf && found.status === 1 ? found : undefined;
}

export async function savedSettings(tx: Tx, k: CompanyKey): Promise<SavedSettingRow[]> {
  return tx
    .select()
    .from(bookSettings)
    .where(and(eq(bookSettings.orgId, k.orgId), eq(bookSettings.companyId, k.companyId)));
}

/** Settings from saved rows plus chart defaults (the first existing leaf of each item's name paths). */
export function resolveSettings(saved: readonly SavedSettingRow[], chart: readonly SubjectRow[]): BookSettings {
  const byKey = new Map(saved.map((r) => [r.key, r]));
  const subjects = {} as Record<SubjectSettingKey, SubjectSetting>;
  for (const def of SUBJECT_SETTINGS) {
    const row = byKey.get(def.key);
    if (row) {
      subjects[def.key] = { subjectId: row.subjectId, fzhsId: row.fzhsId, isDefault: false };
      continue;
    }
    const hit = def.defaultPaths.map((p) => subjectAtPath(chart, p)).find((s) => s !== undefined);
    subjects[def.key] = { subjectId: hit?.id ?? null, fzhsId: null, isDefault: true };
  }
  const values = {} as Record<ValueSettingKey, string>;
  for (const def of VALUE_SETTINGS) values[def.key] = byKey.get(def.key)?.value ?? def.defaultValue;
  return { subjects, values };
}

/** The company's book settings (read-only; defaults are computed, not written). */
export async function getBookSettings(tx: Tx, k: CompanyKey): Promise<BookSettings> {
  const [saved, chart] = await Promise.all([savedSettings(tx, k), listSubjects(tx, k)]);
  return resolveSettings(saved, chart);
}

/**
 * The subject ids of the given settings, or a 400 with the spec §8 message ('未设置进项税额科目' /
 * '以下科目未设置：进项税额，销项税额') and data { missing: keys }, which the web's missing-setting prompt shows.
 */
export function requireSettings<K extends SubjectSettingKey>(settings: BookSettings, keys: readonly K[]): Record<K, number> {
  const missing = keys.filter((k) => settings.subjects[k].subjectId === null);
  if (missing.length > 0) throw badRequest(missingSettingMessage(missing), { missing });
  const out = {} as Record<K, number>;
  for (const k of keys) out[k] = settings.subjects[k].subjectId ?? 0;
  return out;
}

export async function upsertSetting(
  tx: Tx,
  k: CompanyKey & { key: string; value: string; subjectId: number | null; fzhsId: number | null; userId: number; now: Date },
): Promise<void> {
  const values = { value: k.value, subjectId: k.subjectId, fzhsId: k.fzhsId, updatedBy: k.userId, updatedAt: k.now };
  await tx
    .insert(bookSettings)
    .values({ orgId: k.orgId, companyId: k.companyId, key: k.key, ...values })
    .onConflictDoUpdate({ target: [bookSettings.orgId, bookSettings.companyId, bookSettings.key], set: values });
}
