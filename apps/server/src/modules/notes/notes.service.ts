import { and, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import {
  JOT_DOWN_BUTTON,
  JOT_REPEAT,
  NOTE_MESSAGES,
  beijingDateTime,
  noteTimeline,
  type JotDownCurrentItem,
  type JotDownListResult,
  type jotDownCopyBody,
  type jotDownSaveBody,
} from '@dzy/domain/contracts/notes.contract';
import { FILE_URL_PREFIX } from '@dzy/domain/contracts/uploads.contract';
import { currentPeriod } from '@dzy/domain/period/period';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema';
import { withTenant } from '../../db/tenant';
import { badRequest, forbidden } from '../../http/envelope';
import type { AuthContext } from '../../http/request-context';
import { logOperation } from '../audit/operation-log.repo';
import { visibleCompanies, type CompanyRow } from '../companies/company-visibility';
import { existingUploadKeys, hasPeriod, latestNotesUpTo, notesOf, periodsOf, setJotDownStatus, upsertNote } from './notes.repo';

/** Quick notes need button jzkh_ssj (the main account has every button). */
export function requireJotDown(a: AuthContext): void {
  if (!a.user.sysButton.includes(JOT_DOWN_BUTTON)) throw forbidden('无使用权限');
}

const actor = (a: AuthContext) => ({ orgId: a.orgId, userId: a.userId, cnName: a.user.cnName });

export async function jotDownList(db: Db, a: AuthContext, company: CompanyRow, now: Date): Promise<JotDownListResult> {
  requireJotDown(a);
  return withTenant(db, a.orgId, async (tx) => {
    const [periods, rows] = await Promise.all([periodsOf(tx, { orgId: a.orgId, companyId: company.id }), notesOf(tx, { orgId: a.orgId, companyId: company.id })]);
    const today = currentPeriod(now);
    // Future periods are not part of the timeline; the current month is, even before it was opened.
    const shown = [...new Set([...periods.filter((p) => p <= today), today])].filter((p) => p >= company.startPeriod);
    const notes = rows.map((r) => ({
      period: r.period,
      jotDown: r.content,
      jotDownImgs: r.images,
      jotDownPeople: r.editorName,
      jotDownTime: beijingDateTime(r.updatedAt),
    }));
    const list = noteTimeline(shown.length > 0 ? shown : [today], notes, company.jotDownStatus === JOT_REPEAT);
    return { list, jotDownStatus: company.jotDownStatus, currentPeriod: today };
  });
}

/** The storage key of one of our file URLs for this org, or null for anything else. */
function uploadKeyOf(orgId: number, url: string): string | null {
  const prefix = `${FILE_URL_PREFIX}/`;
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (!path.startsWith(prefix)) return null;
  const key = path.slice(prefix.length);
  return key.startsWith(`${orgId}/`) ? key : null;
}

export async function jotDownSave(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof jotDownSaveBody>, now: Date): Promise<void> {
  requireJotDown(a);
  if (v.period > currentPeriod(now) || v.period < company.startPeriod) throw badRequest(NOTE_MESSAGES.badPeriod);
  await withTenant(db, a.orgId, async (tx) => {
    if (v.period !== currentPeriod(now) && !(await hasPeriod(tx, { orgId: a.orgId, companyId: company.id, period: v.period }))) {
      throw badRequest(NOTE_MESSAGES.badPeriod);
    }
    const keys = v.jotDownImgs.map((u) => uploadKeyOf(a.orgId, u));
    const known = await existingUploadKeys(tx, { orgId: a.orgId, keys: keys.filter((k): k is string => k !== null) });
    if (keys.some((k) => k === null || !known.has(k))) throw badRequest(NOTE_MESSAGES.badImage);
    // Stored as site paths: the host a client used does not belong in the data.
    const images = keys.map((k) => `${FILE_URL_PREFIX}/${k ?? ''}`);
    await upsertNote(tx, { orgId: a.orgId, companyId: company.id, period: v.period, content: v.jotDown, images, editorId: a.userId, editorName: a.user.cnName, now });
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      period: v.period,
      method: '保存随手记',
      target: `note:${company.id}:${v.period}`,
      content: `${v.jotDown.slice(0, 100)}${v.jotDown.length > 100 ? '…' : ''}（图片${images.length}张）`,
    });
  });
}

export async function jotDownCopy(db: Db, a: AuthContext, company: CompanyRow, v: z.output<typeof jotDownCopyBody>): Promise<void> {
  requireJotDown(a);
  await withTenant(db, a.orgId, async (tx) => {
    await setJotDownStatus(tx, { orgId: a.orgId, companyId: company.id, status: v.jotCopy });
    await logOperation(tx, {
      ...actor(a),
      companyId: company.id,
      companyName: company.name,
      method: '随手记设置',
      target: `company:${company.id}`,
      content: v.jotCopy === JOT_REPEAT ? '每期默认重复：开启' : '每期默认重复：关闭',
    });
  });
}

/** The current period's note of each visible company asked for (own, or carried over when the company repeats). */
export async function jotDownCurrent(db: Db, a: AuthContext, comIds: number[], now: Date): Promise<{ list: JotDownCurrentItem[] }> {
  requireJotDown(a);
  const ids = [...new Set(comIds)];
  if (ids.length === 0) return { list: [] };
  const period = currentPeriod(now);
  return withTenant(db, a.orgId, async (tx) => {
    const visible = await tx
      .select({ id: companies.id, status: companies.jotDownStatus })
      .from(companies)
      .where(and(visibleCompanies(a.viewer), inArray(companies.id, ids)));
    const repeat = new Map(visible.map((c) => [c.id, c.status === JOT_REPEAT]));
    const notes = await latestNotesUpTo(tx, { orgId: a.orgId, companyIds: [...repeat.keys()], period });
    const list = notes
      .filter((n) => n.period === period || repeat.get(n.companyId) === true)
      .map((n) => ({ comId: n.companyId, period, jotDown: n.content, imageCount: n.imageCount }));
    return { list };
  });
}
